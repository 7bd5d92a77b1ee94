/**
 * A detail read that lags behind a change (`detailLagMs`): the object as it stood that long ago,
 * rebuilt from the states the service put it in. A service whose read is served from a replica,
 * or written after it calls back, shows this: a callback can say paid while the read still says
 * created or in process.
 */
import { PAYMENT_STATE } from './model';
import type { PaymentObject } from './model';
import type { SandboxState } from './state';

export function asReadNow(state: SandboxState, payment: PaymentObject): PaymentObject {
	const lagMs = state.options.detailLagMs;
	if (!(lagMs > 0)) return payment;
	const seenUntil = Date.now() - lagMs;
	const changes = state.paymentChanges.filter(
		(change) => change.slug === payment.slug && change.date.getTime() <= seenUntil,
	);
	const last = changes[changes.length - 1];
	const shownState = last ? last.state : PAYMENT_STATE.created;
	if (shownState === payment.state) return payment;
	return {
		...payment,
		state: shownState,
		paidAt: shownState === PAYMENT_STATE.paid ? payment.paidAt : undefined,
	};
}
