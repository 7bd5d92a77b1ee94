/**
 * The service signs nothing, so a payment callback is believed only once the service itself,
 * asked with the account's credential, confirms the state the callback claims; and then the item
 * carries what the service said (amounts, payer), not what the callback claimed.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { stateFacts } from '../shared/callback/callbackEvent';
import type { CallbackEvent } from '../shared/callback/callbackEvent';
import { toNumber } from '../shared/service/normalize';
import { normalizePaymentObject } from '../shared/service/paymentObject';
import { payApiRequest } from '../shared/transport';
import type { CallbackCredentials } from '../shared/callback/credentialCache';
import type { TriggerOptions } from './triggerOptions';
import { acknowledge, refuse } from './webhookAnswers';

/** The event's item, verified if a payment (and asked to); or how the callback was answered. */
export type VerifiedItem =
	{ ok: true; json: IDataObject } | { ok: false; answer: IWebhookResponseData };

const UNVERIFIABLE = 'Could not verify the payment with the service: ';

const answered = (answer: IWebhookResponseData): VerifiedItem => ({ ok: false, answer });

export async function verifiedItem(
	context: IWebhookFunctions,
	event: CallbackEvent,
	options: TriggerOptions,
	credentials: CallbackCredentials,
): Promise<VerifiedItem> {
	const json: IDataObject = { ...event.json, verified: false };
	if (event.kind !== 'payment' || !options.verifyWithApi) return { ok: true, json };
	let verification;
	try {
		verification = await verifyPaymentState(
			context,
			event.id,
			event.state,
			await credentials.read(),
		);
	} catch (error) {
		// The service does not know it: no genuine callback, answered for good, not as an outage.
		if ((error as { httpCode?: string }).httpCode === '404')
			return answered(acknowledge(context, `the service has no payment ${event.id}`));
		// Not emitted unverified: the workflow would trust a claim nobody checked.
		return answered(refuse(context, 503, UNVERIFIABLE + (error as Error).message));
	}
	if (!verification.confirmed) {
		const said = `the service says ${verification.serviceState}`;
		const note = `callback for ${event.id} claims state ${event.state}, ${said}`;
		return answered(acknowledge(context, note));
	}
	// What the service said replaces what the callback claimed (amounts, payer), in the same order.
	Object.assign(json, confirmedFacts(json, verification.payment), {
		verified: true,
		payment: verification.payment,
	});
	return { ok: true, json };
}

export type Verification =
	{ confirmed: true; payment: IDataObject } | { confirmed: false; serviceState: number | null };

export async function verifyPaymentState(
	context: IWebhookFunctions,
	slug: string,
	claimedState: number | null,
	credentials?: ICredentialDataDecryptedObject,
): Promise<Verification> {
	const answer = await payApiRequest.call(context, {
		credentials,
		method: 'GET',
		path: `/pay_detail/${encodeURIComponent(slug)}`,
		safety: 'read',
		action: 'reading the payment object to verify the callback',
	});
	const payment = normalizePaymentObject(answer);
	const serviceState = toNumber((answer as IDataObject)?.state) ?? null;
	if (serviceState === null || serviceState !== claimedState)
		return { confirmed: false, serviceState };
	return { confirmed: true, payment };
}

/**
 * The event's facts as the service's read gives them (the detail read's fields), to replace the
 * callback's own claims. A field the read lacks keeps the callback's value; one it has empty is
 * null.
 */
export function confirmedFacts(event: IDataObject, payment: IDataObject): IDataObject {
	const said = (field: string, fallback: IDataObject[string]) => {
		const value = payment[field];
		if (value === undefined) return fallback;
		return value === '' ? null : value;
	};
	const claimedPayer = (event.payer ?? {}) as IDataObject;
	const state = toNumber(payment.state) ?? null;
	return {
		...stateFacts(state),
		state,
		amount: said('amount', event.amount),
		payed_amount: said('payed_amount', event.payed_amount),
		fee_amount: said('fee_amount', event.fee_amount),
		iva_amount: said('iva_amount', event.iva_amount),
		payment_method: said('payment_method', event.payment_method),
		payer: {
			name: said('payer_name', claimedPayer.name),
			email: said('payer_email', claimedPayer.email),
			id_type: claimedPayer.id_type ?? null,
			id: said('payer_id', claimedPayer.id),
			phone: said('payer_phone', claimedPayer.phone),
		},
		description: said('description', event.description),
	};
}
