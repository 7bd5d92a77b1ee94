/**
 * The claim's price paid once per run, not once per item: the money items of one run record their
 * References in n8n's database together (one write, one wait, one read-back), then send, Items at
 * Once at a time, each exactly once; a run that stops on a failure sends nothing more and leaves
 * no reference claimed that it did not send.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { memoryDeduplicator } from '../../../harness/memoryDeduplicator';
import { runPayNode, shutDownEngine } from '../../../harness/runWorkflow';
import type { NodeSettings } from '../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import { TRANSFER_FROM_ITEMS, WITHDRAW_FROM_ITEMS } from '../../../harness/parameters';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));
afterAll(shutDownEngine);

let workflowSerial = 0;
const newWorkflow = () => `claims-in-one-batch-${++workflowSerial}`;

const execute = (
	workflowId: string,
	parameters: IDataObject,
	input: IDataObject[],
	settings: NodeSettings = {},
) =>
	runPayNode({
		parameters: parameters as never,
		input,
		credentials: sandboxCredentials(sandbox),
		settings,
		workflowId,
	});

/** The node's record-list writes of one run: those carrying claims (their owner keys). */
async function claimWritesDuring<T>(run: () => Promise<T>): Promise<{ result: T; writes: number }> {
	const spy = jest.spyOn(memoryDeduplicator, 'checkProcessedAndRecord');
	try {
		const result = await run();
		const writes = spy.mock.calls.filter(
			([keys, scope]) =>
				scope === 'node' && keys.some((key) => String(key).startsWith('pay-reference-owner:')),
		).length;
		return { result, writes };
	} finally {
		spy.mockRestore();
	}
}

const payees = (count: number) =>
	Array.from({ length: count }, (_, n) => ({ to: 'friend', amount: 1000 + n }));

beforeEach(async () => {
	await sandbox.control.reset();
});

describe('the money items of one run', () => {
	it('claim their References together: 30 transfers, claims written and read back in at most 4 writes, each sent once', async () => {
		const { result, writes } = await claimWritesDuring(
			async () => await execute(newWorkflow(), TRANSFER_FROM_ITEMS, payees(30)),
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.amount)).toEqual(payees(30).map((p) => p.amount));
		expect(result.items.map((item) => item.pairedItem)).toEqual(
			payees(30).map((_, item) => ({ item })),
		);
		// One write and one read-back, each split in two at most (the first item arrives alone).
		expect(writes).toBeGreaterThanOrEqual(2);
		expect(writes).toBeLessThanOrEqual(4);
		const sent = (await sandbox.control.transfers()).map((transfer) => transfer.amount);
		expect(sent.sort()).toEqual(payees(30).map((p) => p.amount));
	});

	it('withdrawals too: 20 items, at most 4 claim writes, each withdrawal carried out once', async () => {
		const input = Array.from({ length: 20 }, (_, n) => ({ amount: 5000 + n, key: '@payee' }));
		const { result, writes } = await claimWritesDuring(
			async () => await execute(newWorkflow(), WITHDRAW_FROM_ITEMS, input),
		);
		expect(result.error).toBeUndefined();
		expect(writes).toBeLessThanOrEqual(4);
		const carriedOut = (await sandbox.control.withdrawals()).map((w) => w.amount).sort();
		expect(carriedOut).toEqual(input.map((item) => item.amount));
	});

	it("stop at a refused item without Continue On Fail: nothing after it is sent, and n8n's Retry sends those once", async () => {
		const workflow = newWorkflow();
		await sandbox.control.injectFault({
			route: 'POST /send/',
			after: 2,
			status: 400,
			failure: { error: 'Saldo insuficiente' },
		});
		const failed = await execute(workflow, TRANSFER_FROM_ITEMS, payees(12), {});
		expect(failed.error?.message).toMatch(/Saldo insuficiente/);
		expect(await sandbox.control.count('POST /send/')).toBe(3);
		const retry = await execute(workflow, TRANSFER_FROM_ITEMS, payees(12));
		expect(retry.items.map((item) => item.json.outcome ?? 'sent')).toEqual([
			'already_sent',
			'already_sent',
			...Array.from({ length: 10 }, () => 'sent'),
		]);
		const sent = (await sandbox.control.transfers()).map((transfer) => transfer.amount);
		expect(sent.sort()).toEqual(payees(12).map((p) => p.amount));
	});

	it('honour Items at Once: with 3, never more than 3 transfers at the service at once, and all 15 sent', async () => {
		await sandbox.control.injectFault({ route: 'POST /send/', latencyMs: 40, times: 15 });
		const parameters = { ...TRANSFER_FROM_ITEMS, requestOptions: { concurrency: 3 } };
		const run = await execute(newWorkflow(), parameters, payees(15));
		expect(run.error).toBeUndefined();
		expect(await sandbox.control.mostAtOnce('POST /send/')).toBe(3);
		expect(await sandbox.control.count('POST /send/')).toBe(15);
	});
});
