/**
 * The workflows of the race between the two workers: an n8n Webhook, a Wait node that holds the
 * execution until the instant the request names (`releaseAt`), then the Pay node with Reference
 * mapped from the body. The same body posted to both webhook processes starts one execution on
 * each worker; both wait for the same instant, so both Pay nodes claim the same reference at once.
 * (n8n's Wait node waits in the worker's own process under 65 s, to the millisecond.)
 */
import {
	SANDBOX_CREDENTIAL_ID,
	SANDBOX_CREDENTIAL_NAME,
} from '../../scripts/n8nRuntime/credential';
import type { QueueWorkflow } from './workflows';

const credentials = { payApi: { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME } };

/** The body of one trial: the same one goes to both webhook processes. */
export interface RaceBody {
	reference: string;
	amount: number;
	/** ISO time at which both executions leave the Wait node. */
	releaseAt: string;
}

/** The Pay node's name in both race workflows. */
export const RACE_PAY_NODE = 'Pay';

/** Transfer → Send: the record in n8n's deduplication table is its only guard across executions. */
export const RACE_SEND: QueueWorkflow = raceWorkflow('queueRaceSend', 'queue-race-send', {
	resource: 'transfer',
	operation: 'send',
	recipient: '3109876543',
	amount: '={{ $json.body.amount }}',
});

/** Withdrawal → Withdraw: the reference goes as the service's idempotency key too. */
export const RACE_WITHDRAW: QueueWorkflow = raceWorkflow(
	'queueRaceWithdraw',
	'queue-race-withdraw',
	{
		resource: 'withdrawal',
		operation: 'withdraw',
		amount: '={{ $json.body.amount }}',
		keyValue: '@queue.race',
		accountHolderName: 'Queue Race',
		accountType: '8',
		callbackUrl: '',
	},
);

function raceWorkflow(id: string, path: string, pay: Record<string, unknown>): QueueWorkflow {
	return {
		id,
		webhookPath: `/webhook/${path}`,
		json: {
			id,
			name: `Queue mode: ${id}`,
			active: false,
			nodes: [
				{
					id: 'r1',
					name: 'Race',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: [0, 0],
					parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
					webhookId: path,
				},
				{
					id: 'r2',
					name: 'Release',
					type: 'n8n-nodes-base.wait',
					typeVersion: 1.1,
					position: [220, 0],
					parameters: { resume: 'specificTime', dateTime: '={{ $json.body.releaseAt }}' },
				},
				{
					id: 'r3',
					name: RACE_PAY_NODE,
					type: 'n8n-nodes-pay.pay',
					typeVersion: 1,
					position: [440, 0],
					parameters: { ...pay, reference: '={{ $json.body.reference }}', options: {} },
					credentials,
					onError: 'continueRegularOutput',
				},
			],
			connections: {
				Race: { main: [[{ node: 'Release', type: 'main', index: 0 }]] },
				Release: { main: [[{ node: RACE_PAY_NODE, type: 'main', index: 0 }]] },
			},
			settings: { executionOrder: 'v1' },
		},
	};
}
