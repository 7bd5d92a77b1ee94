/**
 * The accounting fields of a Pay Trigger item (docs/SERVICE.md, "Accounting fields"). A verified
 * payment callback carries the service's read of the object (`payment`), whose figures and payment
 * date win; an unverified one has only what the callback claimed, and no payment date.
 */
import type { IDataObject } from 'n8n-workflow';

import { paymentAccounting } from './paymentAccounting';

/** The item with the set added, when it is a payment's; a withdrawal's stays as it is. */
export function withCallbackAccounting(item: IDataObject): IDataObject {
	if (item.kind !== 'payment') return item;
	return { ...item, ...callbackAccounting(item) };
}

export function callbackAccounting(item: IDataObject): IDataObject {
	const payer = asObject(item.payer);
	return paymentAccounting({
		...item,
		payer_name: payer.name,
		payer_email: payer.email,
		payer_id: payer.id,
		...asObject(item.payment),
	});
}

function asObject(value: unknown): IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
		? (value as IDataObject)
		: {};
}
