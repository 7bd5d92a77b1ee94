/**
 * A wait's kind is data the waiting code looks up (waitKind.ts): where the wait is recorded, the
 * field each item names what it waits for in, the field a workflow branches on, the final states.
 * What waiting executions and workflows already hold is pinned, and a kind the package has never
 * heard of (a refund's) is waited for the same way, with no code naming it.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { resources } from '../../../../nodes/Pay/actions/registry';
import type { NodeRun } from '../../../../nodes/Pay/execution/operationEnvironment';
import { paymentWait } from '../../../../nodes/Pay/waiting/paymentWait';
import { startWaiting } from '../../../../nodes/Pay/waiting/startWaiting';
import type { WaitKind } from '../../../../nodes/Pay/waiting/waitKind';
import { withdrawalWait } from '../../../../nodes/Pay/waiting/withdrawalWait';

/** What a kind is, without how it resumes and its messages. */
const dataOf = (kind: WaitKind) => ({
	recordKey: kind.recordKey,
	idField: kind.idField,
	outcomeField: kind.outcomeField,
	finalOutcomes: kind.finalOutcomes,
	callbackKind: kind.callbackKind,
});

describe('the wait kinds of the package', () => {
	it('keep the record keys, fields and final states that waiting executions and workflows hold', () => {
		expect(dataOf(paymentWait)).toEqual({
			recordKey: 'pay_waiting_links',
			idField: 'slug',
			outcomeField: 'payment_outcome',
			finalOutcomes: { 2: 'not_paid', 3: 'paid', 4: 'refunded', 5: 'expired' },
			callbackKind: 'payment',
		});
		expect(dataOf(withdrawalWait)).toEqual({
			recordKey: 'pay_waiting_withdrawal',
			idField: 'id',
			outcomeField: 'withdrawal_outcome',
			finalOutcomes: { 2: 'deposited', 3: 'consigned', 4: 'error', 5: 'rejected' },
			callbackKind: 'withdrawal',
		});
	});

	it('are named by the waiting operations themselves', () => {
		const waits: Record<string, WaitKind> = {};
		for (const resource of resources)
			for (const operation of resource.operations)
				if (operation.waits) waits[`${resource.value}/${operation.value}`] = operation.waits;
		expect(waits).toEqual({
			'payment/createAndWait': paymentWait,
			'payment/getWaitedLinks': paymentWait,
			'withdrawal/withdrawAndWait': withdrawalWait,
		});
	});
});

const refundWait: WaitKind = {
	recordKey: 'pay_waiting_refunds',
	idField: 'refund_id',
	outcomeField: 'refund_outcome',
	finalOutcomes: { 2: 'refunded' },
	callbackKind: 'payment',
	notWaitedFor: 'Not a refund this execution waits for',
	noId: 'No refund id: nothing to wait for.',
	resume: () => ({ noWebhookResponse: true }),
};

/** A run of a node: its custom data, and when it was put to wait. */
function waitingNode() {
	const customData = new Map<string, string>();
	const waitedUntil: Date[] = [];
	const context = {
		getWorkflowDataProxy: () => ({
			$execution: {
				customData: {
					set: (key: string, value: string) => customData.set(key, value),
					get: (key: string) => customData.get(key),
				},
			},
		}),
		putExecutionToWait: async (until: Date) => {
			waitedUntil.push(until);
		},
	} as unknown as IExecuteFunctions;
	const run = { executionCache: new Map() } as unknown as NodeRun;
	return { context, run, customData, waitedUntil };
}

const items = (...json: IDataObject[]): INodeExecutionData[] => json.map((one) => ({ json: one }));
const UNTIL = new Date('2026-03-02T00:00:00Z');

describe('a wait of a kind no code names (a refund)', () => {
	it('records the ids of its own field under its own key, and waits', async () => {
		const { context, run, customData, waitedUntil } = waitingNode();
		const [out] = await startWaiting(
			context,
			run,
			refundWait,
			items({ refund_id: 'rf-1', slug: 'not-this' }, { error: 'failed' }, { refund_id: 7 }),
			() => UNTIL,
		);
		expect(customData.get('pay_waiting_refunds')).toBe('rf-1,,7');
		expect(customData.has('pay_waiting_links')).toBe(false);
		expect(waitedUntil).toEqual([UNTIL]);
		expect(out.map((item) => item.json.waiting_until)).toEqual([
			UNTIL.toISOString(),
			undefined,
			UNTIL.toISOString(),
		]);
	});

	it('says in its own outcome field why nothing is waited for when no item names an id', async () => {
		const { context, run, customData, waitedUntil } = waitingNode();
		const [out] = await startWaiting(context, run, refundWait, items({ slug: 'x' }), () => UNTIL);
		expect(out[0].json).toEqual({
			slug: 'x',
			refund_outcome: 'not_waited',
			not_waited_because: 'No refund id: nothing to wait for.',
		});
		expect(customData.size).toBe(0);
		expect(waitedUntil).toEqual([]);
	});
});
