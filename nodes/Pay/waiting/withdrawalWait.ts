/**
 * The wait of Withdrawal → Withdraw and Wait for Final Status: for the one withdrawal sent, by its
 * id, until it is deposited, consigned, in error or rejected, as its callback says
 * (resumeWithdrawalWait.ts).
 */
import { resumeWithdrawalWait } from './resumeWithdrawalWait';
import type { WaitKind } from './waitKind';
import { withdrawalSentEarlier } from './withdrawalSentEarlier';
import { FINAL_WITHDRAWAL_OUTCOMES, WITHDRAWAL_OUTCOME_FIELD } from './waitOutcome';

export const withdrawalWait: WaitKind = {
	recordKey: 'pay_waiting_withdrawal',
	idField: 'id',
	outcomeField: WITHDRAWAL_OUTCOME_FIELD,
	finalOutcomes: FINAL_WITHDRAWAL_OUTCOMES,
	callbackKind: 'withdrawal',
	notWaitedFor: 'Not a callback of the withdrawal this execution waits for',
	noId: "The service's answer named no withdrawal id to recognise its callbacks by: it was sent once and is not waited for. Follow it with a Pay Trigger.",
	resume: resumeWithdrawalWait,
	sentEarlier: withdrawalSentEarlier,
};
