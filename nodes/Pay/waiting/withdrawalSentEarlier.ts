/**
 * Withdraw and Wait for an item whose withdrawal an earlier execution sent (its Reference's record
 * is marked sent): nothing is sent again, and the item says what that send made. Its status
 * callbacks go to the execution that sent it (the callback is that execution's resume URL) and the
 * service has no read of withdrawals, so this execution cannot follow it: a final state kept with
 * the send says how it ended; otherwise `sent_earlier`, a branch of its own, never "not waited"
 * (which reads as money that did not leave).
 */
import type { IDataObject } from 'n8n-workflow';

import { withdrawalStateLabel } from '../../shared/service/states';
import {
	FINAL_WITHDRAWAL_OUTCOMES,
	SETTLED_WITHDRAWAL_STATES,
	WITHDRAWAL_OUTCOME_FIELD,
} from './waitOutcome';

/** The outcome of a withdrawal an earlier execution sent and follows. */
export const SENT_EARLIER = 'sent_earlier';

export function withdrawalSentEarlier(json: IDataObject): IDataObject {
	const { id, state } = json;
	const known = typeof id === 'string' || typeof id === 'number';
	const withdrawal = known ? { withdrawal_id: String(id) } : {};
	const final = typeof state === 'number' ? FINAL_WITHDRAWAL_OUTCOMES[state] : undefined;
	if (final !== undefined)
		return {
			...json,
			...withdrawal,
			[WITHDRAWAL_OUTCOME_FIELD]: final,
			settled: SETTLED_WITHDRAWAL_STATES.includes(state as number),
			state_label: withdrawalStateLabel(state),
		};
	const which = known
		? `withdrawal ${String(id)}${typeof state === 'number' ? `, ${withdrawalStateLabel(state)} when it was sent` : ''}`
		: 'its id is not recorded';
	return {
		...json,
		...withdrawal,
		...(typeof state === 'number' ? { state_label: withdrawalStateLabel(state) } : {}),
		[WITHDRAWAL_OUTCOME_FIELD]: SENT_EARLIER,
		not_waited_because: `An earlier execution sent this withdrawal (${which}) and nothing was sent again. Its status callbacks go to that execution, so its final status is there (or with a Pay Trigger), not in this one.`,
	};
}
