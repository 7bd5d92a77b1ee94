import { execFileSync } from 'child_process';
import { join } from 'path';

import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import { runItems, runPayItems } from '../../../../nodes/Pay/actions/itemPipeline';
import type { PayOperation } from '../../../../nodes/Pay/actions/types';
import type { NodeRun } from '../../../../nodes/Pay/execution/operationEnvironment';
import { inputError } from '../../../../nodes/Pay/helpers/inputError';
import { alreadySent } from '../../../../nodes/shared/transport/meaning/earlierSend';
import { writeLedger } from '../../../../nodes/shared/transport/neverTwice/ledger';
import { DEFAULT_TRANSPORT_SETTINGS } from '../../../../nodes/shared/transport/terms/requestTypes';
import type { PayRequest } from '../../../../nodes/shared/transport/terms/requestTypes';
import { payNode } from '../../../harness/payNode';

const node = payNode();
const contextWith = (continueOnFail: boolean) =>
	({ continueOnFail: () => continueOnFail, getNode: () => node }) as unknown as IExecuteFunctions;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The item pipeline: the items of a run, a few at a time, each from the gate to its output item.
 */
describe('runItems', () => {
	it('keeps input order and pairs every output item, whatever order the items finish in', async () => {
		const delays = [30, 5, 20, 0, 10, 25];
		const { items: output } = await runItems(
			contextWith(false),
			delays.length,
			async (index) => {
				await pause(delays[index]);
				return { index };
			},
			4,
		);
		expect(output.map((item) => item.json.index)).toEqual([0, 1, 2, 3, 4, 5]);
		expect(output.map((item) => item.pairedItem)).toEqual(delays.map((_, item) => ({ item })));
	});

	it('never runs more items at once than asked', async () => {
		let running = 0;
		let most = 0;
		await runItems(
			contextWith(false),
			20,
			async () => {
				running++;
				most = Math.max(most, running);
				await pause(2);
				running--;
				return {};
			},
			3,
		);
		expect(most).toBe(3);
	});

	it('stops on an item whose failure cannot even be turned into an error item, rather than wait for it', async () => {
		const unreadable = new Proxy(
			{},
			{
				get() {
					throw new Error('unreadable failure');
				},
			},
		);
		const run = runItems(
			contextWith(true),
			4,
			async (index) => {
				if (index === 1) throw unreadable;
				return {};
			},
			2,
		);
		await expect(run).rejects.toThrow('unreadable failure');
	});

	it('runs one item at a time by default', async () => {
		const order: string[] = [];
		await runItems(contextWith(false), 3, async (index) => {
			order.push(`start ${index}`);
			await pause(1);
			order.push(`end ${index}`);
			return {};
		});
		expect(order).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
	});

	it('pairs several output items of one input to that input', async () => {
		const { items: output } = await runItems(contextWith(false), 2, async (index) => [
			{ a: index },
			{ b: index },
		]);
		expect(output.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
		]);
	});

	it('with Continue On Fail returns every item, the failing ones holding their error and outcome, paired', async () => {
		const { items: output, failedItems } = await runItems(
			contextWith(true),
			4,
			async (index) => {
				if (index === 1)
					throw inputError(node, index, 'Amount (COP)', 'must be greater than 0, got -5');
				if (index === 2) {
					const error = new NodeOperationError(
						node,
						'Outcome unknown: the transfer may have been carried out.',
					);
					error.context.outcome = 'unknown';
					throw error;
				}
				return { ok: index };
			},
			2,
		);
		expect(output).toEqual([
			{ json: { ok: 0 }, pairedItem: { item: 0 } },
			{
				json: {
					error: 'Amount (COP): must be greater than 0, got -5',
					outcome: 'not_sent',
					field: 'Amount (COP)',
					errorDescription: 'Nothing was sent to the service.',
				},
				pairedItem: { item: 1 },
			},
			{
				json: {
					error: 'Outcome unknown: the transfer may have been carried out.',
					outcome: 'unknown',
				},
				pairedItem: { item: 2 },
			},
			{ json: { ok: 3 }, pairedItem: { item: 3 } },
		]);
		expect(failedItems).toBe(2);
	});

	it('without Continue On Fail throws the first failure with its item index and starts no further item', async () => {
		const started: number[] = [];
		const run = runItems(contextWith(false), 5, async (index) => {
			started.push(index);
			if (index === 1) throw new Error('boom');
			return {};
		});
		await expect(run).rejects.toMatchObject({ message: 'boom', context: { itemIndex: 1 } });
		expect(started).toEqual([0, 1]);
	});

	it('lets items already in flight finish before throwing, so no request is abandoned half-way', async () => {
		const finished: number[] = [];
		const run = runItems(
			contextWith(false),
			3,
			async (index) => {
				if (index === 0) throw new Error('first fails');
				await pause(20);
				finished.push(index);
				return {};
			},
			3,
		);
		await expect(run).rejects.toMatchObject({ message: 'first fails' });
		expect(finished.sort()).toEqual([1, 2]);
	});
});

/** A run of the Pay node whose service answers every request with `answer` (status 200). */
function payRunAnswering(answer: unknown, input: number, sent: string[]) {
	const context = {
		continueOnFail: () => true,
		getNode: () => node,
		getInputData: () => Array.from({ length: input }, () => ({ json: {} })),
		helpers: {
			httpRequestWithAuthentication: async (_name: string, options: { url: string }) => {
				sent.push(options.url);
				return { statusCode: 200, headers: {}, body: answer };
			},
		},
	} as unknown as IExecuteFunctions;
	const run: NodeRun = {
		node,
		settings: DEFAULT_TRANSPORT_SETTINGS,
		runIndex: 0,
		executionCache: new Map(),
		credentials: async () => ({
			baseUrl: 'http://127.0.0.1:9',
			apiKey: 'api-key-0123456789',
			sessionToken: 't',
		}),
	};
	return { context, run };
}

/** An operation that sends `request`, then fails with `error`. */
function operationThatFails(request: PayRequest, error: unknown): PayOperation {
	return {
		value: 'test',
		name: 'Test',
		description: 'A test operation',
		action: 'Test',
		properties: [],
		async execute(itemIndex, env) {
			await env.request({ ...request, itemIndex });
			throw error;
		},
	};
}

const transfer: PayRequest = {
	method: 'POST',
	path: '/send/',
	body: { to_user: 'friend', amount: 1000 },
	safety: 'once',
	action: 'the transfer of 1000 COP to friend',
};
const read: PayRequest = { method: 'GET', path: '/send/', safety: 'read', action: 'the list' };

describe('runPayItems', () => {
	async function itemsOf(request: PayRequest, error: unknown) {
		const sent: string[] = [];
		const { context, run } = payRunAnswering({}, 2, sent);
		const chosen = { resource: 'transfer', operation: operationThatFails(request, error) };
		const { items, failedItems } = await runPayItems(context, run, chosen, 1);
		return { items: items.map((item) => item.json), failedItems, sent };
	}

	it('an item failing after its money-moving request succeeded says unknown, naming what was carried out', async () => {
		const bug = new TypeError("Cannot use 'in' operator to search for 'state' in 1");
		const { items, failedItems, sent } = await itemsOf(transfer, bug);
		expect(sent).toEqual(['http://127.0.0.1:9/send/', 'http://127.0.0.1:9/send/']);
		expect(failedItems).toBe(2);
		expect(items[0]).toMatchObject({
			outcome: 'unknown',
			error: 'The transfer of 1000 COP to friend was carried out, but its output could not be made',
		});
		expect(items[0].errorDescription).toMatch(/Cannot use 'in' operator.*do not send it again/);
	});

	it('an item failing after a read, or with an outcome of its own, keeps its failure', async () => {
		const afterRead = await itemsOf(read, new TypeError('a bug'));
		expect(afterRead.items[0]).toMatchObject({ outcome: 'not_sent', error: 'a bug' });
		const refused = new NodeOperationError(node, 'refused');
		refused.context.outcome = 'refused';
		const afterTransfer = await itemsOf(transfer, refused);
		expect(afterTransfer.items[1]).toMatchObject({ outcome: 'refused', error: 'refused' });
	});

	it('an item an earlier execution already sent leaves as an ordinary item saying so, its operation stopped there', async () => {
		const sent: string[] = [];
		const { context, run } = payRunAnswering({}, 2, sent);
		// What Retry On Fail meets: item 0's transfer was sent before, item 1's never was.
		const ledgerScope = 'a run that met an earlier send';
		writeLedger(ledgerScope, '0:POST /send/', {
			state: 'sent_before',
			sent: alreadySent('the transfer', 'invoice-7'),
		});
		const carriedOn: number[] = [];
		const operation: PayOperation = {
			...operationThatFails(transfer, undefined),
			async execute(itemIndex, env) {
				await env.request({ ...transfer, itemIndex });
				carriedOn.push(itemIndex);
				return { sent: true };
			},
		};
		const chosen = { resource: 'transfer', operation };
		const { items, failedItems } = await runPayItems(context, { ...run, ledgerScope }, chosen, 1);
		expect(failedItems).toBe(0);
		expect(items[0].json).toMatchObject({ outcome: 'already_sent', reference: 'invoice-7' });
		expect(items[0].json).not.toHaveProperty('error');
		expect(items[1].json).toEqual({ sent: true });
		expect(carriedOn).toEqual([1]);
		expect(sent).toEqual(['http://127.0.0.1:9/send/']);
	});
});

describe('the request function of an item', () => {
	// The pipeline's (itemRequests, each request noted for a stop's account: runJournal.ts); the
	// input pass (router.ts) hands each item a stand-in that sends nothing, only rejects.
	it('is made in one place, the item pipeline, and wrapped by nobody; the input pass sends nothing', () => {
		const made = execFileSync(
			'git',
			['grep', '-nE', 'request: (async|\\(|function|[a-z]\\w*[(.])', '--', 'nodes'],
			{ cwd: join(__dirname, '../../../..'), encoding: 'utf8' },
		);
		expect(made.trim().split('\n').sort()).toEqual([
			expect.stringMatching(
				/^nodes\/Pay\/actions\/itemPipeline\.ts:\d+:.*request: ending\.requests/,
			),
			expect.stringMatching(
				/^nodes\/Pay\/actions\/router\.ts:\d+:.*request: async \(\) => await Promise\.reject\(\w+\)/,
			),
		]);
	});
});
