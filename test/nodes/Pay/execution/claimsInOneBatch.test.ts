/**
 * The claim's price paid once per run, not once per item: the money items of one run record their
 * References in n8n's database together (one write, one wait, one read-back), then send, Items at
 * Once at a time, each exactly once; a run that stops on a failure sends nothing more and leaves
 * no reference claimed that it did not send.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { CLAIMED_AHEAD_PER_ITEM_AT_ONCE } from '../../../../nodes/Pay/actions/itemPipeline';
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

/** How many References each claim write of the run carried, in order. */
async function ownerKeysPerClaimWrite(run: () => Promise<void>): Promise<number[]> {
	const spy = jest.spyOn(memoryDeduplicator, 'checkProcessedAndRecord');
	try {
		await run();
		return spy.mock.calls
			.filter(([, scope]) => scope === 'node')
			.map(([keys]) => keys.filter((key) => String(key).startsWith('pay-reference-owner:')).length)
			.filter((owners) => owners > 0);
	} finally {
		spy.mockRestore();
	}
}

const payees = (count: number) =>
	Array.from({ length: count }, (_, n) => ({ to: 'friend', amount: 1000 + n }));

/** The service refuses the 3rd transfer of the run: nothing happened for it. */
const refuseTheThirdTransfer = async () =>
	await sandbox.control.injectFault({
		route: 'POST /send/',
		after: 2,
		status: 400,
		failure: { error: 'Saldo insuficiente' },
	});

beforeEach(async () => {
	await sandbox.control.reset();
});

describe('the money items of one run', () => {
	it('claim their References together: 30 transfers (Items at Once 3: all under way at once), claims written and read back in at most 4 writes, each sent once', async () => {
		const parameters = { ...TRANSFER_FROM_ITEMS, requestOptions: { concurrency: 3 } };
		const { result, writes } = await claimWritesDuring(
			async () => await execute(newWorkflow(), parameters, payees(30)),
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

	it('withdrawals too: 20 items (Items at Once 2), at most 4 claim writes, each withdrawal carried out once', async () => {
		const input = Array.from({ length: 20 }, (_, n) => ({ amount: 5000 + n, key: '@payee' }));
		const parameters = { ...WITHDRAW_FROM_ITEMS, requestOptions: { concurrency: 2 } };
		const { result, writes } = await claimWritesDuring(
			async () => await execute(newWorkflow(), parameters, input),
		);
		expect(result.error).toBeUndefined();
		expect(writes).toBeLessThanOrEqual(4);
		const carriedOut = (await sandbox.control.withdrawals()).map((w) => w.amount).sort();
		expect(carriedOut).toEqual(input.map((item) => item.amount));
	});

	it("stop at a refused item without Continue On Fail: nothing after it is sent, and n8n's Retry sends those once", async () => {
		const workflow = newWorkflow();
		await refuseTheThirdTransfer();
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

	it('with Items at Once 10, a refused item stops the run: those already on the wire are sent, none twice, and the Retry sends the others once', async () => {
		const workflow = newWorkflow();
		await refuseTheThirdTransfer();
		const parameters = { ...TRANSFER_FROM_ITEMS, requestOptions: { concurrency: 10 } };
		const failed = await execute(workflow, parameters, payees(30));
		expect(failed.error?.message).toMatch(/Saldo insuficiente/);
		const sentFirst = await sandbox.control.count('POST /send/');
		// The refused 3rd and those that went on the wire before its refusal came back; not the
		// items still waiting then.
		expect(sentFirst).toBeGreaterThanOrEqual(3);
		expect(sentFirst).toBeLessThan(30);
		const retry = await execute(workflow, parameters, payees(30));
		expect(retry.error).toBeUndefined();
		const outcomes = retry.items.map((item) => item.json.outcome ?? 'sent');
		expect(outcomes.filter((outcome) => outcome === 'already_sent')).toHaveLength(sentFirst - 1);
		const sent = (await sandbox.control.transfers()).map((transfer) => transfer.amount);
		expect(sent.sort()).toEqual(payees(30).map((p) => p.amount));
	});

	it('one at a time against a service that answers at once: 100 transfers, the first 10 claimed together before anything is sent, each sent once', async () => {
		const ownerKeysPerWrite = await ownerKeysPerClaimWrite(async () => {
			const run = await execute(newWorkflow(), TRANSFER_FROM_ITEMS, payees(100));
			expect(run.error).toBeUndefined();
		});
		expect(ownerKeysPerWrite[0]).toBe(CLAIMED_AHEAD_PER_ITEM_AT_ONCE);
		const sent = (await sandbox.control.transfers()).map((transfer) => transfer.amount);
		expect(sent.sort()).toEqual(payees(100).map((p) => p.amount));
	});

	it("one at a time at a slower service's pace, claim no more than 10 ahead (what a crash could leave unknown)", async () => {
		await sandbox.control.injectFault({ route: 'POST /send/', latencyMs: 25, times: 70 });
		const ownerKeysPerWrite = await ownerKeysPerClaimWrite(async () => {
			const run = await execute(newWorkflow(), TRANSFER_FROM_ITEMS, payees(70));
			expect(run.error).toBeUndefined();
		});
		expect(Math.max(...ownerKeysPerWrite)).toBe(CLAIMED_AHEAD_PER_ITEM_AT_ONCE);
		// Each claim is written, then read back (which records it again if another write dropped it).
		expect(ownerKeysPerWrite.reduce((sum, keys) => sum + keys, 0)).toBe(2 * 70);
		expect(await sandbox.control.count('POST /send/')).toBe(70);
	});

	it('send the next item while the last one\'s "sent" mark is written, and end only once every mark is', async () => {
		const marks = { started: 0, made: 0, sentWhenTheFirstWasMade: 0 };
		const write = memoryDeduplicator.checkProcessedAndRecord.bind(memoryDeduplicator);
		const spy = jest
			.spyOn(memoryDeduplicator, 'checkProcessedAndRecord')
			.mockImplementation(async (keys, ...rest) => {
				if (!keys.some((key) => String(key).startsWith('pay-reference-sent:')))
					return await write(keys, ...rest);
				marks.started++;
				await new Promise((resolve) => setTimeout(resolve, 300));
				const written = await write(keys, ...rest);
				if (marks.made++ === 0)
					marks.sentWhenTheFirstWasMade = await sandbox.control.count('POST /send/');
				return written;
			});
		try {
			const run = await execute(newWorkflow(), TRANSFER_FROM_ITEMS, payees(5));
			expect(run.error).toBeUndefined();
			expect(marks.made).toBe(marks.started);
		} finally {
			spy.mockRestore();
		}
		expect(marks.started).toBeGreaterThanOrEqual(1);
		expect(marks.sentWhenTheFirstWasMade).toBe(5);
		expect(await sandbox.control.count('POST /send/')).toBe(5);
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
