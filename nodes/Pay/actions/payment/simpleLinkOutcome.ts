import type { IDataObject } from 'n8n-workflow';

import { simplePayment } from './simplePayment';

/** What the waiting operations add to a payment object, kept by Simplify as the object's fields. */
const WAIT_FIELDS = ['payment_outcome', 'paid', 'waiting_until', 'not_waited_because', 'message'];

/**
 * Simplify for Create and Wait for Payment and Get Links Waited For: the outcome to branch on, then
 * the payment object's simple fields (simplePayment.ts); an item with no link (not created) whole.
 */
export function simpleLinkOutcome(output: IDataObject): IDataObject {
	if (!('slug' in output)) return output;
	const kept: IDataObject = {};
	for (const field of WAIT_FIELDS) if (field in output) kept[field] = output[field];
	return { ...kept, ...simplePayment(output) };
}
