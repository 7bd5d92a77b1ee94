/**
 * The workflows the queue-mode test imports, written as n8n exports them (node types as installed
 * from the registry: `n8n-nodes-pay.*`).
 */
import { mkdirSync, rmSync, writeFileSync } from 'fs';
import { join } from 'path';

import {
	SANDBOX_CREDENTIAL_ID,
	SANDBOX_CREDENTIAL_NAME,
} from '../../scripts/n8nRuntime/credential';
import { TRANSFER_FROM_ITEMS } from '../harness/parameters';
import { RACE_SEND, RACE_WITHDRAW } from './raceWorkflows';

const credentials = { payApi: { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME } };

export interface QueueWorkflow {
	id: string;
	/** Where a callback or a batch is posted, after a webhook process's base URL. */
	webhookPath: string;
	json: Record<string, unknown>;
}

/** The Pay Trigger alone: how many executions k copies of one callback start. */
export const TRIGGER_ALONE: QueueWorkflow = payTriggerWorkflow(
	'queueTriggerAlone',
	'queue-trigger-alone',
	[],
);

/**
 * Pay Trigger → Withdrawal → Withdraw with Reference = the paid payment's slug: one withdrawal per
 * paid payment, however many times the trigger fires.
 */
export const WITHDRAW_ON_PAID: QueueWorkflow = payTriggerWorkflow(
	'queueWithdrawOnPaid',
	'queue-withdraw-on-paid',
	[
		{
			id: 'w2',
			name: 'Withdraw',
			type: 'n8n-nodes-pay.pay',
			typeVersion: 1,
			position: [240, 0],
			parameters: {
				resource: 'withdrawal',
				operation: 'withdraw',
				amount: 20000,
				keyValue: '@queue.payouts',
				accountHolderName: 'Queue Payouts',
				reference: '={{ $json.slug }}',
				options: {},
			},
			credentials,
			onError: 'continueRegularOutput',
		},
	],
);

export interface TransferBatchOptions {
	id: string;
	name: string;
	/** The webhook's path (and its webhook id). */
	path: string;
	/** The Pay node's Request Options, e.g. `{ concurrency: 10 }` (Items at Once). */
	requestOptions?: Record<string, unknown>;
}

/**
 * A batch of transfers posted to an n8n Webhook: Split Out makes one item per transfer, Pay sends
 * each (one at a time, as money is sent, unless `requestOptions` sets Items at Once). Reference
 * left empty: derived from the workflow, the node, the item and the trigger's data, so a re-run
 * with the same batch gives the same references. Continue On Fail, so every item comes out with its
 * outcome. The queue-mode benchmark times the same workflow in both of n8n's modes.
 */
export function transferBatchWorkflow({
	id,
	name,
	path,
	requestOptions,
}: TransferBatchOptions): QueueWorkflow {
	const send = {
		...TRANSFER_FROM_ITEMS,
		options: {},
		...(requestOptions ? { requestOptions } : {}),
	};
	return {
		id,
		webhookPath: `/webhook/${path}`,
		json: {
			id,
			name,
			active: false,
			nodes: [
				{
					id: 't1',
					name: 'Batch',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: [0, 0],
					parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
					webhookId: path,
				},
				{
					id: 't2',
					name: 'Split Transfers',
					type: 'n8n-nodes-base.splitOut',
					typeVersion: 1,
					position: [220, 0],
					parameters: { fieldToSplitOut: 'body.transfers', options: {} },
				},
				{
					id: 't3',
					name: 'Send',
					type: 'n8n-nodes-pay.pay',
					typeVersion: 1,
					position: [440, 0],
					parameters: send,
					credentials,
					onError: 'continueRegularOutput',
				},
			],
			connections: {
				Batch: { main: [[{ node: 'Split Transfers', type: 'main', index: 0 }]] },
				'Split Transfers': { main: [[{ node: 'Send', type: 'main', index: 0 }]] },
			},
			settings: { executionOrder: 'v1' },
		},
	};
}

export const TRANSFER_BATCH: QueueWorkflow = transferBatchWorkflow({
	id: 'queueTransferBatch',
	name: 'Queue mode: a batch of transfers',
	path: 'queue-transfer-batch',
});

export const QUEUE_WORKFLOWS = [
	TRIGGER_ALONE,
	WITHDRAW_ON_PAID,
	TRANSFER_BATCH,
	RACE_SEND,
	RACE_WITHDRAW,
];

/** Writes each workflow to `<folder>/<id>.json` for `n8n import:workflow --separate`. */
export function writeWorkflows(folder: string, workflows: QueueWorkflow[] = QUEUE_WORKFLOWS): void {
	rmSync(folder, { recursive: true, force: true });
	mkdirSync(folder, { recursive: true });
	for (const workflow of workflows)
		writeFileSync(join(folder, `${workflow.id}.json`), JSON.stringify(workflow.json, null, 2));
}

function payTriggerWorkflow(
	id: string,
	webhookId: string,
	after: Array<Record<string, unknown>>,
): QueueWorkflow {
	const trigger = {
		id: 'w1',
		name: 'Paid',
		type: 'n8n-nodes-pay.payTrigger',
		// Version 1, as workflows saved before version 2 have it (the examples are at version 2).
		typeVersion: 1,
		position: [0, 0],
		parameters: { events: ['paymentPaid'], options: {} },
		credentials,
		webhookId,
	};
	return {
		id,
		webhookPath: `/webhook/${webhookId}/pay`,
		json: {
			id,
			name: `Queue mode: ${id}`,
			active: false,
			nodes: [trigger, ...after],
			connections:
				after.length > 0
					? { Paid: { main: [[{ node: after[0].name as string, type: 'main', index: 0 }]] } }
					: {},
			settings: { executionOrder: 'v1' },
		},
	};
}
