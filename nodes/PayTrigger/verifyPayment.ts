/**
 * The service signs nothing, so a payment callback is believed only once the service itself,
 * asked with the account's credential, confirms the state the callback claims.
 */
import type { ICredentialDataDecryptedObject, IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { toNumber } from '../Pay/helpers/normalize';
import { normalizePaymentObject } from '../Pay/helpers/paymentObject';
import { payApiRequest } from '../Pay/transport/request';

export type Verification = { confirmed: true; payment: IDataObject } | { confirmed: false; serviceState: number | null };

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
	if (serviceState === null || serviceState !== claimedState) return { confirmed: false, serviceState };
	return { confirmed: true, payment };
}
