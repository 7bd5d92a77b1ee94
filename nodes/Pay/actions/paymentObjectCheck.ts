/**
 * Asking the service about a payment of a link (a checkout, an OTP confirmation, a card charge)
 * whose answer was lost (the transport's ServiceCheck): the payment object (`GET
 * /pay_detail/{slug}`). It counts when the object is paid.
 */
import { normalizePaymentObject } from '../../shared/service/paymentObject';
import { PAID_STATE } from '../../shared/service/states';
import type { Finding, ServiceRead } from '../../shared/transport';

/**
 * The check an operation gives with its request, as `{ ask: (read) => paymentObjectShows(read,
 * slug) }`: written out where the request is made, so that this file is read only when an answer
 * is lost.
 */
export async function paymentObjectShows(read: ServiceRead, slug: string): Promise<Finding> {
	const resolvedBy = `GET /pay_detail/${slug}`;
	const payment = normalizePaymentObject(await read.one(`/pay_detail/${encodeURIComponent(slug)}`));
	if (payment.state !== PAID_STATE)
		return {
			shown: false,
			why: `${resolvedBy} shows the payment object ${payment.state_label ? `in state ${String(payment.state_label)}` : 'without a state'}, not paid`,
		};
	return { shown: true, resolvedBy, field: 'payment', record: payment };
}
