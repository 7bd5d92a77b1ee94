/**
 * The service signs nothing, so a payment callback is believed only once the service itself,
 * asked with the account's credential, confirms the state the callback claims; and then the item
 * carries what the service said (amounts, payer), not what the callback claimed.
 */
import type { ICredentialDataDecryptedObject, IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { toNumber } from '../shared/service/normalize';
import { normalizePaymentObject } from '../shared/service/paymentObject';
import { payApiRequest } from '../shared/transport/request';
import { stateFacts } from '../shared/callback/callbackEvent';

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
 * callback's own claims. A field the read lacks keeps the callback's value; one it has empty is null.
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
