/**
 * Asking the service about a payment of a link (a checkout, an OTP confirmation, a card charge)
 * whose answer was lost (askTheService.ts): the payment object (`GET /pay_detail/{slug}`). It
 * counts when the object is paid.
 */
import { normalizePaymentObject } from '../service/paymentObject';
import { PAID_STATE } from '../service/states';
import type { Finding, ServiceCheck, ServiceRead } from './askTheService';

export function paymentObjectCheck(slug: string): ServiceCheck {
	return { ask: async (read) => await findPaidPayment(read, slug) };
}

async function findPaidPayment(read: ServiceRead, slug: string): Promise<Finding> {
	const resolvedBy = `GET /pay_detail/${slug}`;
	const payment = normalizePaymentObject(await read.one(`/pay_detail/${encodeURIComponent(slug)}`));
	if (payment.state !== PAID_STATE)
		return {
			shown: false,
			why: `${resolvedBy} shows the payment object ${payment.state_label ? `in state ${String(payment.state_label)}` : 'without a state'}, not paid`,
		};
	return { shown: true, resolvedBy, field: 'payment', record: payment };
}
