import type { IDataObject } from 'n8n-workflow';

import { paymentAccounting } from '../../../shared/accounting/paymentAccounting';
import { pickFields } from '../pickFields';

/**
 * The fields of a payment object a workflow maps (Simplify, from version 2): who, how much, in what
 * state, where to pay, when; named and typed as in the whole object. Simplify off gives every field
 * the service answered, and the service's originals under `raw`.
 */
export const SIMPLE_PAYMENT_FIELDS = [
	'slug',
	'payment_page_url',
	'state',
	'state_label',
	'amount',
	'payed_amount',
	'fee_amount',
	'iva_amount',
	// Fees above the amount (nodes/shared/service/feesAboveAmount.ts): said however the item is cut.
	'fees_exceed_amount',
	'fees_warning',
	'description',
	'payment_method',
	'payment_methods',
	'expiration_days',
	'date_created',
	'date_payed',
	'date_expired',
	'payer_name',
	'payer_email',
	'payer_phone',
	'payer_id',
	'idempotency_key',
	'updated_fields',
];

/** What a repeated creation says first (alreadyCreated.ts): kept, so it never reads as new. */
const CREATED_EARLIER_FIELDS = ['outcome', 'message', 'hint', 'earlier_answer'];

/**
 * A payment object's view reduced to those fields, with the accounting fields a bookkeeper books
 * (nodes/shared/accounting); anything that is no payment object (no slug) stays whole.
 */
export function simplePayment(view: IDataObject): IDataObject {
	if (!('slug' in view)) return view;
	const repeat = view.outcome === 'already_created' ? pickFields(view, CREATED_EARLIER_FIELDS) : {};
	return { ...repeat, ...pickFields(view, SIMPLE_PAYMENT_FIELDS), ...paymentAccounting(view) };
}
