import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';

import type { OperationEnvironment } from '../../../../nodes/Pay/actions/types';
import { guardAfterMoneyMoved } from '../../../../nodes/Pay/execution/afterMoneyMoved';
import type { PayRequest } from '../../../../nodes/shared/transport/requestTypes';

const node = {
	id: 'pay',
	name: 'Pay',
	type: 'n8n-nodes-pay.pay',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
} as INode;
const environment = {
	node,
	request: async () => ({ ok: true }),
} as unknown as OperationEnvironment;
const transfer: PayRequest = {
	method: 'POST',
	path: '/send/',
	safety: 'once',
	action: 'the transfer of 1000 COP to friend',
	itemIndex: 0,
};
const read: PayRequest = {
	method: 'GET',
	path: '/send/',
	safety: 'read',
	action: 'the transfer list',
	itemIndex: 0,
};

async function failureOf(
	work: Promise<unknown>,
): Promise<{ message?: string; description?: string; context?: Record<string, unknown> }> {
	return await work.then(
		() => {
			throw new Error('expected a failure');
		},
		(error: unknown) => error as { message?: string },
	);
}

/** The failure of an item that sends `request`, then fails with `error`. */
async function failureAfter(request: PayRequest, error: unknown) {
	return await failureOf(
		guardAfterMoneyMoved(environment, 0, async (watched) => {
			await watched.request(request);
			throw error;
		}),
	);
}

describe('after money moved', () => {
	it('reports a failure after a money-moving request succeeded as outcome unknown, naming what was carried out', async () => {
		const failure = await failureAfter(
			transfer,
			new TypeError("Cannot use 'in' operator to search for 'state' in 1"),
		);
		expect(failure).toBeInstanceOf(NodeOperationError);
		expect(failure.message).toBe(
			'The transfer of 1000 COP to friend was carried out, but its output could not be made',
		);
		expect(failure.description).toMatch(/Cannot use 'in' operator.*do not send it again/);
		expect(failure.context?.outcome).toBe('unknown');
	});

	it('leaves other failures as they are: before any money moved, after a read, or already with an outcome', async () => {
		const bug = new TypeError('a bug');
		expect(
			await failureOf(guardAfterMoneyMoved(environment, 0, async () => Promise.reject(bug))),
		).toBe(bug);
		expect(await failureAfter(read, bug)).toBe(bug);
		const refused = new NodeOperationError(node, 'refused');
		refused.context.outcome = 'refused';
		expect(await failureAfter(transfer, refused)).toBe(refused);
	});

	it('hands the output over untouched when nothing fails', async () => {
		expect(
			await guardAfterMoneyMoved(environment, 0, async (watched) => ({
				answer: (await watched.request(transfer)) as IDataObject,
			})),
		).toEqual({ answer: { ok: true } });
	});
});
