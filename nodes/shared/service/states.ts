/**
 * Readable labels for the service's numeric states (public documentation, unconfirmed: a value
 * outside the table is labelled `unknown`, never an error).
 */
/** The state of a paid payment object. */
export const PAID_STATE = 3;

const PAYMENT_STATES: Record<number, string> = {
	0: 'created',
	1: 'in_process',
	2: 'not_paid',
	[PAID_STATE]: 'paid',
	4: 'refunded',
	5: 'expired',
};

const WITHDRAWAL_STATES: Record<number, string> = {
	0: 'created',
	1: 'in_process',
	2: 'deposited',
	3: 'consigned',
	4: 'error',
	5: 'rejected',
};

export function paymentStateLabel(state: unknown): string {
	return labelOf(PAYMENT_STATES, state);
}

export function withdrawalStateLabel(state: unknown): string {
	return labelOf(WITHDRAWAL_STATES, state);
}

function labelOf(table: Record<number, string>, state: unknown): string {
	const value = typeof state === 'string' && state.trim() !== '' ? Number(state) : state;
	return typeof value === 'number' && Number.isInteger(value) && table[value] !== undefined
		? table[value]
		: 'unknown';
}
