/**
 * A withdrawal's status callback to the execution that sent it. The service has no read of
 * instant-payment withdrawals, so the wait's token is what makes it believed (docs/WAITING.md:
 * the limit of Withdraw and Wait); the withdrawal id must be the one this execution sent
 * (resumeWebhook.ts checks it). Final statuses continue the execution; others are answered.
 */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { CallbackEvent } from '../../shared/callback/callbackEvent';
import { withdrawalStateLabel } from '../../shared/service/states';
import { keepWaiting } from './waitAnswers';
import {
	FINAL_WITHDRAWAL_OUTCOMES,
	SETTLED_WITHDRAWAL_STATES,
	WITHDRAWAL_OUTCOME_FIELD,
} from './waitOutcome';

export function resumeWithdrawalWait(
	context: IWebhookFunctions,
	event: CallbackEvent,
	waitingFor: string[],
): IWebhookResponseData {
	const position = waitingFor.indexOf(event.id);
	const outcome = event.state === null ? undefined : FINAL_WITHDRAWAL_OUTCOMES[event.state];
	if (outcome === undefined)
		return keepWaiting(
			context,
			`withdrawal ${event.id} is ${withdrawalStateLabel(event.state)}: not final, still waiting`,
		);
	const json = {
		[WITHDRAWAL_OUTCOME_FIELD]: outcome,
		settled: SETTLED_WITHDRAWAL_STATES.includes(event.state as number),
		...event.json,
		confirmed_by: 'wait_token',
	};
	return { workflowData: [[{ json, pairedItem: { item: position } }]] };
}
