/**
 * The sandbox's checkout and bank pages, for a person trying a payment link: the payment and, while
 * it can be paid, a Pay button; once paid, whether its callback reached the receiver (n8n's Pay
 * Trigger) and what it answered; a link that can no longer be paid (refunded, expired, canceled by
 * its owner) says so in words. Every answer is a page, never the service's JSON. The callback URL
 * is shown without its query: it carries the callback secret.
 */
import { isPayable } from './paying';
import { PAYMENT_STATE } from './model';
import type { CallbackDelivery, PaymentObject } from './model';
import type { SandboxState } from './state';

/** A marker the server turns into an HTML page. */
export interface HtmlPage {
	html: string;
}

/** A page and its status, as a route answers it. */
export interface PageAnswer {
	status: number;
	body: HtmlPage;
}

/** How long the page waits for the callback's answer (the delivery itself gives up after 10 s). */
const DELIVERY_WAIT_MS = 11_000;

/** The page of the link `slug`, or a page saying there is none. */
export function linkPage(
	state: SandboxState,
	slug: string,
	title: string,
	payAction: string,
): PageAnswer {
	const payment = state.payments.get(slug);
	if (!payment) return { status: 404, body: noSuchLink(slug, title) };
	return { status: 200, body: paymentPage(state, payment, title, payAction) };
}

/**
 * What the Pay button gives: `pay` when the link can be paid, then its page once the callback has
 * an answer; a page opened before the link was paid, expired or canceled says why nothing was paid.
 */
export async function pagePaidWith(
	state: SandboxState,
	slug: string,
	title: string,
	pay: (payment: PaymentObject) => void,
): Promise<PageAnswer> {
	const payment = state.payments.get(slug);
	if (!payment) return { status: 404, body: noSuchLink(slug, title) };
	if (!isPayable(payment)) {
		const lead = `<p id="refused"><strong>Not paid: this link was ${adjectiveOf(payment)}.</strong></p>`;
		return { status: 409, body: paymentPage(state, payment, title, '', lead) };
	}
	pay(payment);
	await settledDelivery(state, payment);
	return { status: 200, body: paymentPage(state, payment, title, '') };
}

function paymentPage(
	state: SandboxState,
	payment: PaymentObject,
	title: string,
	payAction: string,
	lead = '',
): HtmlPage {
	const body = isPayable(payment)
		? `<p id="outcome">${escapeHtml(stateWords(payment))}</p><form method="post" action="${escapeHtml(payAction)}"><button>Pay (sandbox)</button></form>`
		: `<p id="outcome"><strong>${escapeHtml(stateWords(payment))}</strong></p>${payment.state === PAYMENT_STATE.paid ? callbackParagraph(payment, lastDelivery(state, payment)) : ''}`;
	return page(
		title,
		`<p>${escapeHtml(payment.description)}</p><p><strong>${payment.amount.toFixed(2)} COP</strong></p>
${lead}${body}`,
	);
}

/** The link's state as a person reads it. */
function stateWords(payment: PaymentObject): string {
	switch (payment.state) {
		case PAYMENT_STATE.created:
			return 'Waiting for payment.';
		case PAYMENT_STATE.inProcess:
			return 'A checkout was started and not finished: not paid yet.';
		case PAYMENT_STATE.notPaid:
			return 'An attempt to pay failed: not paid yet, it can be paid again.';
		case PAYMENT_STATE.paid:
			return 'Paid.';
		case PAYMENT_STATE.refunded:
			return 'Refunded: this payment was refunded; the link can no longer be paid.';
		case PAYMENT_STATE.expired:
			return payment.expiredAt
				? `Canceled: the link's owner expired it on ${minuteOf(payment.expiredAt)}; it can no longer be paid.`
				: 'Expired: this payment link can no longer be paid.';
		default:
			return 'In a state the sandbox does not know: it cannot be paid here.';
	}
}

/** Why the Pay button of an older page paid nothing, in the words of the state. */
function adjectiveOf(payment: PaymentObject): string {
	if (payment.state === PAYMENT_STATE.paid) return 'paid already: nothing was charged again';
	if (payment.state === PAYMENT_STATE.refunded) return 'refunded';
	if (payment.state === PAYMENT_STATE.expired) return payment.expiredAt ? 'canceled' : 'expired';
	return 'not open to payment';
}

function minuteOf(date: Date): string {
	return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function noSuchLink(slug: string, title: string): HtmlPage {
	return page(
		title,
		`<p id="outcome"><strong>There is no payment link ${escapeHtml(slug)} in this sandbox.</strong> Check the link, or create one with Payment → Create.</p>`,
	);
}

function page(title: string, content: string): HtmlPage {
	return {
		html: `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;max-width:36em;margin:3em auto">
<h1>${escapeHtml(title)}</h1>${content}
</body></html>`,
	};
}

/** The payment's latest callback, once it has an answer or an error (or after the wait). */
async function settledDelivery(
	state: SandboxState,
	payment: PaymentObject,
	waitMs = DELIVERY_WAIT_MS,
): Promise<CallbackDelivery | undefined> {
	const deadline = Date.now() + waitMs;
	for (;;) {
		const delivery = lastDelivery(state, payment);
		if (
			!delivery ||
			delivery.status !== undefined ||
			delivery.error !== undefined ||
			Date.now() > deadline
		)
			return delivery;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

function lastDelivery(state: SandboxState, payment: PaymentObject): CallbackDelivery | undefined {
	return [...state.callbacks]
		.reverse()
		.find((delivery) => delivery.kind === 'payment' && delivery.body.url === payment.slug);
}

function callbackParagraph(payment: PaymentObject, delivery: CallbackDelivery | undefined): string {
	if (!payment.callback)
		return '<p id="callback">No callback URL was set for this payment: nothing was sent.</p>';
	if (!delivery) return '<p id="callback">No callback was sent.</p>';
	const target = withoutQuery(delivery.url);
	if (delivery.status !== undefined) {
		const verdict =
			delivery.status >= 200 && delivery.status < 300
				? 'delivered'
				: "refused: the receiver did not accept it (for a Pay Trigger, its answer and n8n's log say why)";
		return `<p id="callback">Callback to ${escapeHtml(target)}: answered <strong>${delivery.status}</strong>, ${escapeHtml(verdict)}.</p>`;
	}
	if (delivery.error !== undefined) {
		return `<p id="callback">Callback to ${escapeHtml(target)}: <strong>not delivered</strong> (${escapeHtml(redactUrl(delivery.error, delivery.url))}). Is n8n running?</p>`;
	}
	return `<p id="callback">Callback to ${escapeHtml(target)}: sent, no answer yet. Reload this page to see it.</p>`;
}

function withoutQuery(url: string): string {
	try {
		const parsed = new URL(url);
		return `${parsed.origin}${parsed.pathname}${parsed.search ? ' (query not shown: it holds the callback secret)' : ''}`;
	} catch {
		return '(not a URL)';
	}
}

/** An error message naming the URL names it without its query. */
function redactUrl(message: string, url: string): string {
	const query = url.indexOf('?');
	return query < 0 ? message : message.split(url.slice(query)).join('?…');
}

function escapeHtml(text: string): string {
	return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}
