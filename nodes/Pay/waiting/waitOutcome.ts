/**
 * What ends a wait: the final states of a payment link and of a withdrawal, each named as the field
 * a workflow branches on says it. Any other state (created, in process) is waited through. Each
 * wait kind (paymentWait.ts, withdrawalWait.ts) holds its own.
 */

/** The fields a workflow branches on after a wait. */
export const PAYMENT_OUTCOME_FIELD = 'payment_outcome';
export const WITHDRAWAL_OUTCOME_FIELD = 'withdrawal_outcome';

/** The service's payment states that no later callback changes for the waiting workflow. */
export const FINAL_PAYMENT_OUTCOMES: Record<number, string> = {
	2: 'not_paid',
	3: 'paid',
	4: 'refunded',
	5: 'expired',
};

/** Withdrawal states after which the money has either arrived or come back. */
export const FINAL_WITHDRAWAL_OUTCOMES: Record<number, string> = {
	2: 'deposited',
	3: 'consigned',
	4: 'error',
	5: 'rejected',
};

/** Deposited and consigned: the money reached the key. */
export const SETTLED_WITHDRAWAL_STATES = [2, 3];
