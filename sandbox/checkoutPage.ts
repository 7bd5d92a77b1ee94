/**
 * The sandbox's checkout and bank pages, for a person trying a payment link: the payment, a Pay
 * button, and once paid, whether its callback reached the receiver (n8n's Pay Trigger) and what it
 * answered. The callback URL is shown without its query: it carries the callback secret.
 */
import { PAYMENT_STATE } from './model';
import type { CallbackDelivery, PaymentObject } from './model';
import type { SandboxState } from './state';

/** A marker the server turns into an HTML page. */
export interface HtmlPage {
	html: string;
}

/** How long the page waits for the callback's answer (the delivery itself gives up after 10 s). */
const DELIVERY_WAIT_MS = 11_000;

export function paymentPage(
	state: SandboxState,
	payment: PaymentObject,
	title: string,
	payAction: string,
): HtmlPage {
	const paid = payment.state === PAYMENT_STATE.paid;
	const body = paid
		? `<p id="outcome"><strong>Paid.</strong></p>${callbackParagraph(payment, lastDelivery(state, payment))}`
		: `<form method="post" action="${escapeHtml(payAction)}"><button>Pay (sandbox)</button></form>`;
	return {
		html: `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;max-width:36em;margin:3em auto">
<h1>${escapeHtml(title)}</h1><p>${escapeHtml(payment.description)}</p><p><strong>${payment.amount.toFixed(2)} COP</strong> · state ${payment.state}</p>
${body}
</body></html>`,
	};
}

/** The payment's latest callback, once it has an answer or an error (or after the wait). */
export async function settledDelivery(
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
