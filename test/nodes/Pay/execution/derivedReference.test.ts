import { createHash } from 'crypto';
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import type { OperationEnvironment } from '../../../../nodes/Pay/actions/types';
import { derivedReference } from '../../../../nodes/Pay/execution/derivedReference';

/**
 * A derived Reference must come out as earlier versions of the package derived it: n8n's Retry
 * after an update of the package has to find the record the earlier version made. These are the
 * digest of the JSON of [operation, workflow, node, …where the item is, payment], computed here
 * from that definition rather than from the node's code.
 */
const START_ITEMS = [{ json: { event: 'payment.paid', slug: 'AbC123' } }];

function sha256(text: string): string {
	return createHash('sha256').update(text).digest('hex');
}

function expected(parts: unknown[]): string {
	return `ref-${sha256(JSON.stringify(parts)).slice(0, 32)}`;
}

const START_DIGEST = sha256(JSON.stringify(START_ITEMS.map((item) => item.json)));

function contextIn(mode: string): IExecuteFunctions {
	return {
		getWorkflow: () => ({ id: 'wf-7', active: true }),
		getExecutionId: () => 'exec-41',
		getMode: () => mode,
		getParentNodes: () => [],
		getInputData: () => START_ITEMS,
	} as unknown as IExecuteFunctions;
}

function environment(type = 'n8n-nodes-pay.pay'): OperationEnvironment {
	return {
		node: {
			id: 'node-3',
			name: 'Pay',
			type,
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		} as INode,
		runIndex: 2,
		executionCache: new Map(),
	} as unknown as OperationEnvironment;
}

describe('derivedReference', () => {
	it('is the digest of operation, workflow, node, run, item, what started the execution and the payment', async () => {
		const env = environment();
		const payment = ['friend', 1500];
		for (const itemIndex of [0, 1, 12]) {
			await expect(
				derivedReference(contextIn('trigger'), env, itemIndex, 'transfer-send', payment),
			).resolves.toBe(
				expected(['transfer-send', 'wf-7', 'node-3', 'item', 2, itemIndex, START_DIGEST, payment]),
			);
		}
	});

	it('mixes in the execution for editor runs when asked, and only then', async () => {
		const env = environment();
		await expect(
			derivedReference(contextIn('manual'), env, 4, 'payment-create', [], {
				newInEveryEditorRun: true,
			}),
		).resolves.toBe(
			expected([
				'payment-create',
				'wf-7',
				'node-3',
				'item',
				2,
				4,
				START_DIGEST,
				'editor',
				'exec-41',
				[],
			]),
		);
		await expect(
			derivedReference(contextIn('manual'), env, 4, 'transfer-send', ['friend', 1500]),
		).resolves.toBe(
			expected(['transfer-send', 'wf-7', 'node-3', 'item', 2, 4, START_DIGEST, ['friend', 1500]]),
		);
	});

	it("as an AI agent's tool, leaves out the run and item and names the execution", async () => {
		const env = environment('n8n-nodes-pay.payTool');
		for (const itemIndex of [0, 3]) {
			await expect(
				derivedReference(contextIn('manual'), env, itemIndex, 'withdraw', ['@key', 20000], {
					newInEveryEditorRun: true,
				}),
			).resolves.toBe(
				expected([
					'withdraw',
					'wf-7',
					'node-3',
					'tool',
					'exec-41',
					'editor',
					'exec-41',
					['@key', 20000],
				]),
			);
		}
	});

	it('keeps operations, payments and runs apart within one run of the node', async () => {
		const env = environment();
		const context = contextIn('trigger');
		const references = await Promise.all([
			derivedReference(context, env, 0, 'transfer-send', ['friend', 1500]),
			derivedReference(context, env, 0, 'transfer-send', ['friend', 1501]),
			derivedReference(context, env, 0, 'withdraw', ['friend', 1500]),
			derivedReference(
				context,
				{ ...env, runIndex: 3, executionCache: new Map() },
				0,
				'transfer-send',
				['friend', 1500],
			),
		]);
		expect(new Set(references).size).toBe(references.length);
	});
});
