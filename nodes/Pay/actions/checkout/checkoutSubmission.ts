/**
 * Sends a checkout (`POST /{slug}`) once — it moves money — and reads its answer: a payment order
 * and the payment object, encoded twice. Real clients see two records `{model, pk, fields}` (the
 * object inside the second one's `fields`); the spec's reading has the object flat beside the
 * order.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { normalizePaymentObject } from '../../../shared/service/paymentObject';
import { firstSendOf, readReferenceAndSource } from '../../execution/derivedReference';
import { readPageBaseUrl } from '../../helpers/credentialSettings';
import type { OperationEnvironment } from '../types';
import { paymentObjectShows } from '../paymentObjectCheck';

/**
 * Part of every derived Reference of a checkout, whichever method: never change it. Every checkout
 * operation names it as its `referenceIdentity`.
 */
export const CHECKOUT_IDENTITY = 'checkout';

export interface CheckoutAnswer {
	/**
	 * The payment order's `fields` (method, state, qr_value, …), or the whole answer when it has no
	 * order.
	 */
	order: IDataObject;
	/** The payment object, normalised, when the answer carries it. */
	payment?: IDataObject;
	raw: unknown;
	/** The reference recorded for this checkout (never sent twice). */
	reference?: string;
}

export async function submitCheckout(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
	slug: string,
	body: IDataObject,
): Promise<CheckoutAnswer> {
	const { reference, derived } = await readReferenceAndSource(
		context,
		itemIndex,
		env,
		CHECKOUT_IDENTITY,
		[slug, body.payment],
	);
	const raw = await env.request({
		method: 'POST',
		path: `/${encodeURIComponent(slug)}`,
		body,
		safety: 'once',
		check: { ask: async (read) => await paymentObjectShows(read, slug) },
		action: `the ${String(body.payment)} checkout of ${slug}`,
		howToCheck: `Run Payment → Get for ${slug}: state_label "in_process" or "paid" means it went through. Do not submit the checkout again before checking.`,
		itemIndex,
		reference,
		...firstSendOf(derived, 'a checkout'),
	});
	return { ...readCheckoutAnswer(raw, await readPageBaseUrl(env, itemIndex)), reference };
}

/**
 * Record names of the two parts (`api.paymentorder`, `api.pay`; the spec's reading says
 * `pay.paymentorder`).
 */
const ORDER_MODEL = /order$/i;
const PAYMENT_MODEL = /(^|\.)pay$/i;

interface AnswerPart {
	model: string;
	/** A record's `fields`, or the object itself when it is no record. */
	content: IDataObject;
}

export function readCheckoutAnswer(raw: unknown, pageBaseUrl?: string): CheckoutAnswer {
	const parts = (Array.isArray(raw) ? raw : [raw]).filter(isObject).map(readPart);
	// By record name first; else the order comes first and the object after it, known by its url and
	// state.
	const payment =
		parts.find((part) => PAYMENT_MODEL.test(part.model)) ??
		parts.slice(1).find((part) => 'url' in part.content && 'state' in part.content);
	const order =
		parts.find((part) => part !== payment && ORDER_MODEL.test(part.model)) ??
		parts.find((part) => part !== payment);
	return {
		order: order?.content ?? {},
		payment: payment ? normalizePaymentObject(payment.content, pageBaseUrl) : undefined,
		raw,
	};
}

function readPart(part: IDataObject): AnswerPart {
	const model = typeof part.model === 'string' ? part.model : '';
	return isObject(part.fields) ? { model, content: part.fields } : { model, content: part };
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The common output of every checkout: what a no-code user maps next, then the details. */
export function checkoutOutput(
	slug: string,
	method: string,
	answer: CheckoutAnswer,
	extra: IDataObject = {},
): IDataObject {
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
	if (answer.reference !== undefined) output.reference = answer.reference;
	return output;
}

/**
 * The order's field that holds the payer's link: `checkout` as real clients read it, then older
 * guesses.
 */
const REDIRECT_FIELDS = [
	'checkout',
	'bank_url',
	'urlbanco',
	'url_banco',
	'bankUrl',
	'redirect_url',
	'redirectUrl',
	'url_redirect',
	'URL',
	'url',
	'link',
];

/**
 * The URL to send the payer to. Real clients read the order's `checkout`; the spec does not name
 * the field, so the other known candidates are tried next, then any http(s) link in the order.
 */
export function findRedirectUrl(order: IDataObject): string | undefined {
	for (const field of REDIRECT_FIELDS) if (isLink(order[field])) return order[field];
	return Object.values(order).find(isLink);
}

/** A text the service gave (a PIN, QR data, an agreement number), or null when it gave none. */
export function textOrNull(value: unknown): string | null {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function isLink(value: unknown): value is string {
	return typeof value === 'string' && /^https?:\/\//i.test(value);
}
