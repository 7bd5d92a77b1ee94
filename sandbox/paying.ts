/**
 * State changes of payment objects and withdrawals that several routes share, with their callbacks.
 */
import { sendPaymentCallback, sendWithdrawalCallback } from './callbacks';
import { feesFor } from './fees';
import { conflict } from './http';
import { PAYMENT_STATE, WITHDRAWAL_STATE } from './model';
import type { PaymentObject, Withdrawal } from './model';
import type { SandboxState } from './state';

/** Whether the object can still be paid. */
export function isPayable(payment: PaymentObject): boolean {
	return (
		payment.state === PAYMENT_STATE.created ||
		payment.state === PAYMENT_STATE.inProcess ||
		payment.state === PAYMENT_STATE.notPaid
	);
}

export function assertPayable(payment: PaymentObject): void {
	if (payment.state === PAYMENT_STATE.paid) throw conflict(`El pago ${payment.slug} ya fue pagado`);
	if (!isPayable(payment))
		throw conflict(`El pago ${payment.slug} no está disponible (estado ${payment.state})`);
}

/** Puts the object in a state, and keeps the change in the state's list of them. */
export function changePaymentState(
	state: SandboxState,
	payment: PaymentObject,
	next: number,
	method = payment.paymentMethod,
	at = new Date(),
): void {
	payment.state = next;
	payment.paymentMethod = method;
	state.paymentChanges.push({ slug: payment.slug, state: next, method, date: at });
}

/**
 * Marks the object paid (now, or at the instant given), credits its owner with the net amount, and
 * calls back (unless told not to).
 */
export function markPaid(
	state: SandboxState,
	payment: PaymentObject,
	method: string,
	callBack = true,
	at = new Date(),
): void {
	assertPayable(payment);
	changePaymentState(state, payment, PAYMENT_STATE.paid, method, at);
	payment.paidAt = at;
	payment.cus = payment.cus || String(100000 + payment.pk);
	const owner = state.accounts.get(payment.owner);
	if (owner) owner.balance += feesFor(payment.amount, payment.clientAssumeCosts).net;
	if (callBack) sendPaymentCallback(state, payment);
}

/** Moves a withdrawal to a state; failures give the money back. Calls back on every change. */
export function setWithdrawalState(
	state: SandboxState,
	withdrawal: Withdrawal,
	next: number,
	note = '',
): void {
	if (withdrawal.state === next) return;
	const finished = [
		WITHDRAWAL_STATE.deposited,
		WITHDRAWAL_STATE.consigned,
		WITHDRAWAL_STATE.error,
		WITHDRAWAL_STATE.rejected,
	] as number[];
	if (finished.includes(withdrawal.state))
		throw conflict(`El retiro ${withdrawal.id} ya terminó (estado ${withdrawal.state})`);
	withdrawal.state = next;
	withdrawal.updatedAt = new Date();
	withdrawal.note = note;
	if (next === WITHDRAWAL_STATE.error || next === WITHDRAWAL_STATE.rejected) {
		const owner = state.accounts.get(withdrawal.owner);
		if (owner) owner.balance += withdrawal.amount;
	}
	sendWithdrawalCallback(state, withdrawal);
}

/** The automatic course of a withdrawal when the sandbox runs with `withdrawalStepMs`. */
export function scheduleWithdrawal(state: SandboxState, withdrawal: Withdrawal): void {
	const step = state.options.withdrawalStepMs;
	if (step <= 0) return;
	state.later(step, () => {
		if (withdrawal.state !== WITHDRAWAL_STATE.created) return;
		setWithdrawalState(state, withdrawal, WITHDRAWAL_STATE.inProcess);
		state.later(step, () => {
			if (withdrawal.state === WITHDRAWAL_STATE.inProcess)
				setWithdrawalState(state, withdrawal, WITHDRAWAL_STATE.deposited);
		});
	});
}
