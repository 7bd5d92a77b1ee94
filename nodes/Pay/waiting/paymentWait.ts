/**
 * The wait of Payment → Create and Wait for Payment (and of Get Links Waited For, waiting again):
 * for the links created, by slug, until each is paid, not paid, refunded or expired, as the
 * service says when read (resumePaymentWait.ts).
 */
import { linkStateOf, outcomeOfState } from './linkOutcome';
import { isFinal } from './readLink';
import { resumePaymentWait } from './resumePaymentWait';
import type { WaitKind } from './waitKind';
import { FINAL_PAYMENT_OUTCOMES, PAYMENT_OUTCOME_FIELD } from './waitOutcome';

export const paymentWait: WaitKind = {
	recordKey: 'pay_waiting_links',
	idField: 'slug',
	outcomeField: PAYMENT_OUTCOME_FIELD,
	finalOutcomes: FINAL_PAYMENT_OUTCOMES,
	callbackKind: 'payment',
	notWaitedFor: 'Not a payment link this execution waits for',
	noId: 'No link of this run has a slug to recognise its callbacks by (an earlier execution created it, or the answer named none): nothing to wait for.',
	resume: resumePaymentWait,
	finalAlready(json) {
		const state = linkStateOf(json);
		return isFinal(state) ? { ...outcomeOfState(state), ...json } : undefined;
	},
};
