/**
 * Which of the Events selector's values a callback answers to. The catch-alls keep their meaning
 * from before the states were selectable one by one (Payment State Changed: any state but paid;
 * Withdrawal Status Changed: any status), so a saved workflow starts on what it started on.
 */
import type { CallbackEvent } from '../shared/callback/callbackEvent';

/**
 * A payment's state → its own value in the selector (the states the service's plugin acts on, and
 * expiry).
 */
const PAYMENT_STATE_EVENTS: Record<number, string> = {
	1: 'paymentInProcess',
	2: 'paymentNotPaid',
	4: 'paymentRefunded',
	5: 'paymentExpired',
};

/** A withdrawal's status → its own value in the selector. */
const WITHDRAWAL_STATE_EVENTS: Record<number, string> = {
	0: 'withdrawalCreated',
	1: 'withdrawalInProcess',
	2: 'withdrawalDeposited',
	3: 'withdrawalConsigned',
	4: 'withdrawalError',
	5: 'withdrawalRejected',
};

/** The selector's values this event answers to. */
export function eventValuesOf(event: CallbackEvent): string[] {
	const state = event.state ?? -1;
	if (event.kind === 'withdrawal')
		return ['withdrawal', WITHDRAWAL_STATE_EVENTS[state]].filter(isText);
	if (event.json.paid) return ['paymentPaid'];
	return ['paymentOther', PAYMENT_STATE_EVENTS[state]].filter(isText);
}

export function isSelected(event: CallbackEvent, selected: string[]): boolean {
	return eventValuesOf(event).some((value) => selected.includes(value));
}

function isText(value: string | undefined): value is string {
	return value !== undefined;
}
