import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { runItems } from '../../../../nodes/Pay/execution/runItems';
import { inputError } from '../../../../nodes/Pay/helpers/inputError';

const node: INode = {
	id: '1',
	name: 'Pay',
	type: 'n8n-nodes-pay.pay',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const contextWith = (continueOnFail: boolean) =>
	({ continueOnFail: () => continueOnFail, getNode: () => node }) as unknown as IExecuteFunctions;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
