/**
 * Sends a checkout (`POST /{slug}`) once — it moves money — and reads its answer: seen as
 * `[payment order, payment object]`, encoded twice, though only the order's shape is documented.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readPageBaseUrl } from '../../helpers/credentialSettings';
import { normalizePaymentObject } from '../../helpers/paymentObject';
import type { OperationEnvironment } from '../types';

export interface CheckoutAnswer {
	/** The payment order's `fields` (method, state, qr_value, …), or the whole answer when it has no order. */
	order: IDataObject;
	/** The payment object, normalised, when the answer carries it. */
	payment?: IDataObject;
	raw: unknown;
}

export async function submitCheckout(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
	slug: string,
	body: IDataObject,
): Promise<CheckoutAnswer> {
	const raw = await env.request({
		method: 'POST',
		path: `/${encodeURIComponent(slug)}`,
		body,
		safety: 'once',
		action: `the ${String(body.payment)} checkout of ${slug}`,
		howToCheck: `Run Payment → Get for ${slug}: state_label "in_process" or "paid" means it went through. Do not submit the checkout again before checking.`,
		itemIndex,
	});
	return readCheckoutAnswer(raw, await readPageBaseUrl(env, itemIndex));
}

export function readCheckoutAnswer(raw: unknown, pageBaseUrl?: string): CheckoutAnswer {
	const parts = Array.isArray(raw) ? raw : [raw];
	const objects = parts.filter((part): part is IDataObject => typeof part === 'object' && part !== null && !Array.isArray(part));
	const orderRecord = objects.find((part) => typeof part.fields === 'object' && part.fields !== null);
	const paymentRecord = objects.find((part) => part !== orderRecord && 'url' in part && 'state' in part);
	const order = orderRecord ? (orderRecord.fields as IDataObject) : (objects[0] ?? {});
	return { order, payment: paymentRecord ? normalizePaymentObject(paymentRecord, pageBaseUrl) : undefined, raw };
}

/** The common output of every checkout: what a no-code user maps next, then the details. */
export function checkoutOutput(slug: string, method: string, answer: CheckoutAnswer, extra: IDataObject = {}): IDataObject {
	const output: IDataObject = {
		slug,
		method,
		order_state: answer.order.state ?? null,
		...extra,
		order: answer.order,
	};
	if (answer.payment) {
		output.payment = answer.payment;
		output.state = answer.payment.state;
		output.state_label = answer.payment.state_label;
	}
	output.raw = answer.raw as IDataObject;
	return output;
}

const REDIRECT_FIELDS = ['bank_url', 'urlbanco', 'url_banco', 'bankUrl', 'redirect_url', 'redirectUrl', 'url_redirect', 'URL', 'url', 'link'];

/**
 * The URL to send the payer to for the bank flow. Its field name is not documented, so the
 * known candidates are tried first, then any http(s) link in the order.
 */
export function findRedirectUrl(order: IDataObject): string | undefined {
	const isLink = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\//i.test(value);
	for (const field of REDIRECT_FIELDS) if (isLink(order[field])) return order[field];
	return Object.values(order).find(isLink);
}
