/**
 * The accounting fields of a transfer (Pay Money Received Trigger), matching a payment's
 * (docs/SERVICE.md, "Accounting fields"). A transfer record gives only `from_user`, `to_user`,
 * `amount` and `date`: no fee is shown anywhere for a transfer between accounts, so it is booked
 * with fee and IVA 0, marked `fees_computed` since the service did not say so.
 */
import type { IDataObject } from 'n8n-workflow';

import { isoDate } from '../service/isoDate';
import { toNumber } from '../service/normalize';
import { SERVICE_CURRENCY, text } from './paymentAccounting';

/** The method a transfer is booked under (the service's payment methods name no transfer). */
export const TRANSFER_METHOD = 'transfer';

export function transferAccounting(transfer: IDataObject): IDataObject {
	const amount = toNumber(transfer.amount) ?? null;
	return {
		slug: null,
		gross_amount: amount,
		fee_amount: 0,
		iva_amount: 0,
		net_amount: amount,
		currency: text(transfer.currency) ?? SERVICE_CURRENCY,
		paid_at: isoDate(transfer.date) ?? null,
		payment_method: TRANSFER_METHOD,
		payer_name: null,
		payer_email: null,
		// The sender's account at the service (a mobile number): the one name a transfer gives.
		payer_id: text(transfer.from_user),
		description: text(transfer.description),
		fees_computed: true,
	};
}
