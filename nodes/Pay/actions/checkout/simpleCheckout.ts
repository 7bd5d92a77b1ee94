import type { IDataObject } from 'n8n-workflow';

import { simplePayment } from '../payment/simplePayment';

/** What Simplify leaves out of a checkout: the payment order and the service's raw answer. */
const LEFT_OUT = new Set(['order', 'raw']);

/**
 * A checkout's output with Simplify (from version 2): what the payer is sent or shown next (link,
 * PIN, QR, OTP), the states and the reference, with the payment object simplified too. Simplify off
 * keeps the order and the raw answer.
 */
export function simpleCheckout(output: IDataObject): IDataObject {
	const kept = Object.fromEntries(
		Object.entries(output).filter(([field]) => !LEFT_OUT.has(field)),
	) as IDataObject;
	if (typeof kept.payment === 'object' && kept.payment !== null && !Array.isArray(kept.payment))
		kept.payment = simplePayment(kept.payment as IDataObject);
	return kept;
}
