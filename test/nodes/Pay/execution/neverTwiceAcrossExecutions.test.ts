/**
 * "Never twice" past one execution: the references recorded in n8n's deduplication store (here the
 * in-memory one the harness registers with n8n-core, as n8n's server registers its database) stop
 * a later execution of the same workflow — n8n's Retry of a failed one, a re-run — from sending
 * what an earlier one sent.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { recordQueuesInUse } from '../../../../nodes/shared/transport/neverTwice/recordList';
import { recordedEntryCount, refuseNextRecords } from '../../../harness/memoryDeduplicator';
import { runPayNode, shutDownEngine } from '../../../harness/runWorkflow';
import type { NodeSettings } from '../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import { TRANSFER_FROM_ITEMS, WITHDRAW_FROM_ITEMS } from '../../../harness/parameters';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));
afterAll(shutDownEngine);

const send = TRANSFER_FROM_ITEMS;
const withdraw = WITHDRAW_FROM_ITEMS;

let workflowSerial = 0;
/** A workflow of its own per test: n8n keeps references per workflow and node. */
const newWorkflow = () => `never-twice-${++workflowSerial}`;

const execute = (
	workflowId: string,
	parameters: Record<string, unknown>,
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

const sentTransfers = async () => await sandbox.control.count('POST /send/');
const balance = async (username: string) => (await sandbox.control.account(username)).balance;

describe('a money-moving item sent by an earlier execution of the workflow', () => {
	beforeEach(async () => {
		await sandbox.control.resetCounters();
	});

	it('is not sent again: the second execution with the same items comes out "already_sent", with the reference', async () => {
		const workflow = newWorkflow();
		const items = [
			{ to: 'friend', amount: 1000 },
			{ to: 'friend', amount: 2000 },
		];
		const first = await execute(workflow, send, items);
		expect(first.items.map((item) => item.json.sent)).toEqual([true, true]);
		const again = await execute(workflow, send, items);
		expect(again.error).toBeUndefined();
		expect(await sentTransfers()).toBe(2);
		expect(again.items.map((item) => item.json)).toEqual(
			first.items.map((item) =>
				expect.objectContaining({ outcome: 'already_sent', reference: item.json.reference }),
			),
		);
		expect(again.items[0].json.message).toMatch(
			/^The transfer of 1000 COP to friend was already sent earlier with the reference ref-[0-9a-f]{32}: it was not sent again$/,
		);
		expect(again.items[1].pairedItem).toEqual({ item: 1 });
		// The derived Reference is made of the recipient and amount: the repeat says what was sent.
		expect(again.items.map(({ json }) => [json.to_user, json.amount])).toEqual([
			['friend', 1000],
			['friend', 2000],
		]);
	});

	it("n8n's Retry of an execution whose 3rd transfer was refused sends the 1st and 2nd no more, the 3rd to 5th once", async () => {
		const workflow = newWorkflow();
		const items = [1, 2, 3, 4, 5].map((n) => ({ to: 'friend', amount: n * 100 }));
		await sandbox.control.injectFault({
			route: 'POST /send/',
			after: 2,
			status: 400,
			failure: { error: 'Saldo insuficiente' },
		});
		const failed = await execute(workflow, send, items);
		expect(failed.error?.message).toMatch(/Saldo insuficiente/);
		expect(await sentTransfers()).toBe(3);
		const before = await balance('friend');

		const retry = await execute(workflow, send, items);
		expect(retry.error).toBeUndefined();
		expect(retry.items.map((item) => item.json.outcome ?? 'sent')).toEqual([
			'already_sent',
			'already_sent',
			'sent',
			'sent',
			'sent',
		]);
		expect(await sentTransfers()).toBe(6);
		expect((await balance('friend')) - before).toBe(300 + 400 + 500);
	});

	it('is sent again when the service refused it the first time (nothing happened)', async () => {
		const workflow = newWorkflow();
		await sandbox.control.injectFault({
			route: 'POST /send/',
			status: 400,
			failure: { error: 'Saldo insuficiente' },
		});
		const refused = await execute(workflow, send, [{ to: 'friend', amount: 700 }], {
			continueOnFail: true,
		});
		expect(refused.items[0].json.outcome).toBe('refused');
		const again = await execute(workflow, send, [{ to: 'friend', amount: 700 }]);
		expect(again.items[0].json).toMatchObject({ sent: true, amount: 700 });
		expect(await sentTransfers()).toBe(2);
	});

	it('whose answer was lost, the service unreadable, is not sent again: outcome "unknown", saying how to check', async () => {
		const workflow = newWorkflow();
		await sandbox.control.injectFault({
			route: 'POST /send/',
			afterProcessing: true,
			reset: 'after',
		});
		// The transfer list would settle it (askTheService.test.ts): here the service cannot tell.
		await sandbox.control.injectFault({ route: 'GET /send/', status: 503, times: 50 });
		const lost = await execute(workflow, send, [{ to: 'friend', amount: 900 }], {
			continueOnFail: true,
		});
		expect(lost.items[0].json.outcome).toBe('unknown');
		const again = await execute(workflow, send, [{ to: 'friend', amount: 900 }], {
			continueOnFail: true,
		});
		expect(again.items[0].json).toMatchObject({ outcome: 'unknown' });
		expect(again.items[0].json.error).toMatch(
			/^Outcome unknown: the transfer of 900 COP to friend was started earlier with the reference ref-[0-9a-f]{32}, and no answer is recorded/,
		);
		expect(again.items[0].json.errorDescription).toMatch(/Transfer → Get Many.*new Reference/s);
		expect(await sentTransfers()).toBe(1);
		await sandbox.control.clearFaults();
	});

	it('with a mapped Reference, stops another item with the same reference even with other data; a new reference sends', async () => {
		const workflow = newWorkflow();
		const byInvoice = { ...send, reference: '={{ $json.invoice }}' };
		await execute(workflow, byInvoice, [{ to: 'friend', amount: 100, invoice: 'INV-1' }]);
		const sameInvoice = await execute(workflow, byInvoice, [
			{ to: 'friend', amount: 150, invoice: 'INV-1' },
			{ to: 'friend', amount: 100, invoice: 'INV-2' },
		]);
		expect(sameInvoice.items.map((item) => item.json.outcome ?? item.json.reference)).toEqual([
			'already_sent',
			'INV-2',
		]);
		expect(await sentTransfers()).toBe(2);
		// INV-1 went out with 100 COP: the repeat of 150 must not read as a send of 150.
		const repeat = sameInvoice.items[0].json;
		expect(repeat.message).toBe(
			'A transfer was already sent earlier with the reference INV-1: it was not sent again',
		);
		expect(repeat.amount).toBeUndefined();
	});

	it("with a mapped Reference, a repeated withdrawal of another amount is not said to be that amount's", async () => {
		const workflow = newWorkflow();
		const byPayout = { ...withdraw, reference: '={{ $json.payout }}' };
		await execute(workflow, byPayout, [{ amount: 20007, key: '@payee', payout: 'PAYOUT-7' }]);
		const repeat = await execute(workflow, byPayout, [
			{ amount: 35007, key: '@other', payout: 'PAYOUT-7' },
		]);
		expect(repeat.items[0].json).toMatchObject({ outcome: 'already_sent', reference: 'PAYOUT-7' });
		expect(repeat.items[0].json.message).toMatch(
			/^A withdrawal was already sent earlier with the reference PAYOUT-7: it was not sent again/,
		);
		expect(JSON.stringify(repeat.items[0].json)).not.toMatch(/35007|@other/);
		const carriedOut = (await sandbox.control.withdrawals()).map((w) => w.amount);
		expect(carriedOut.filter((amount) => [20007, 35007].includes(amount))).toEqual([20007]);
	});

	it('with a mapped Reference whose first send has no answer, "unknown" names the earlier send without this item\'s figures', async () => {
		const workflow = newWorkflow();
		const byInvoice = { ...send, reference: '={{ $json.invoice }}' };
		await sandbox.control.injectFault({
			route: 'POST /send/',
			afterProcessing: true,
			reset: 'after',
		});
		await sandbox.control.injectFault({ route: 'GET /send/', status: 503, times: 50 });
		const settings = { continueOnFail: true };
		await execute(workflow, byInvoice, [{ to: 'friend', amount: 700, invoice: 'INV-9' }], settings);
		const again = await execute(
			workflow,
			byInvoice,
			[{ to: 'friend', amount: 750, invoice: 'INV-9' }],
			settings,
		);
		expect(again.items[0].json.error).toMatch(
			/^Outcome unknown: a transfer was started earlier with the reference INV-9, and no answer is recorded/,
		);
		expect(await sentTransfers()).toBe(1);
		await sandbox.control.clearFaults();
	});

	it('is a new payment when the trigger data is new (the next event), though the item is the same', async () => {
		const workflow = newWorkflow();
		await execute(workflow, send, [{ to: 'friend', amount: 100, week: 1 }]);
		const nextWeek = await execute(workflow, send, [{ to: 'friend', amount: 100, week: 2 }]);
		expect(nextWeek.items[0].json.sent).toBe(true);
		expect(await sentTransfers()).toBe(2);
	});

	it('keeps every record when items go out several at a time (n8n reads, then writes its list)', async () => {
		const workflow = newWorkflow();
		const items = Array.from({ length: 12 }, (_, n) => ({ to: 'friend', amount: 10 + n }));
		const parallel = { ...send, requestOptions: { concurrency: 6 } };
		await execute(workflow, parallel, items);
		// A reference, its claim's owner key and its "sent" mark per item: none lost to a concurrent
		// write.
		expect(recordedEntryCount(workflow, 'node-under-test')).toBe(36);
		expect(recordQueuesInUse()).toBe(0);
		const again = await execute(workflow, parallel, items);
		expect(again.items.every((item) => item.json.outcome === 'already_sent')).toBe(true);
		expect(await sentTransfers()).toBe(12);
	});
});

describe("n8n's database refusing the record", () => {
	beforeEach(async () => {
		await sandbox.control.resetCounters();
	});

	it("once (two workers inserting the node's first row at the same instant): asked again, the item is sent once", async () => {
		refuseNextRecords(1);
		const { items, error } = await execute(newWorkflow(), send, [{ to: 'friend', amount: 321 }]);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ sent: true, amount: 321 });
		expect(await sentTransfers()).toBe(1);
	});

	it('again and again: nothing is sent, outcome not_sent, in words that say why', async () => {
		refuseNextRecords(2);
		const { items } = await execute(newWorkflow(), send, [{ to: 'friend', amount: 322 }], {
			continueOnFail: true,
		});
		expect(items[0].json).toMatchObject({ outcome: 'not_sent' });
		expect(items[0].json.error).toMatch(
			/^Nothing was sent: n8n could not record the reference ref-[0-9a-f]{32} before the transfer of 322 COP/,
		);
		expect(items[0].json.errorDescription).toMatch(/duplicate key value/);
		expect(await sentTransfers()).toBe(0);
	});
});

describe('Withdrawal → Withdraw', () => {
	it('sends the reference as idempotency key: when no record stops a repeat, the service does, and the item says "already_sent"', async () => {
		const workflow = newWorkflow();
		const payout = { ...withdraw, reference: '={{ $json.slug }}' };
		const first = await execute(workflow, payout, [
			{ amount: 5000, key: '@demo', slug: 'pay-abc' },
		]);
		expect(first.items[0].json).toMatchObject({ reference: 'pay-abc', idempotency_key: 'pay-abc' });
		// Another worker, whose read of n8n's records came before this one's write: only the service
		// can tell.
		const otherWorkflow = newWorkflow();
		const elsewhere = await execute(otherWorkflow, payout, [
			{ amount: 5000, key: '@demo', slug: 'pay-abc' },
		]);
		expect(elsewhere.error).toBeUndefined();
		expect(elsewhere.items[0].json).toMatchObject({
			outcome: 'already_sent',
			reference: 'pay-abc',
		});
		expect(await sandbox.control.count('POST /withdraw/co/')).toBe(2);
		const withdrawals = (await sandbox.control.withdrawals()).filter(
			(entry) => entry.idempotencyKey === 'pay-abc',
		);
		expect(withdrawals).toHaveLength(1);
	});
	it('says "already_sent" again when Retry On Fail runs the node again in the same execution', async () => {
		const payout = { ...withdraw, reference: '={{ $json.slug }}' };
		await execute(newWorkflow(), payout, [{ amount: 4000, key: '@demo', slug: 'pay-retry' }]);
		const workflowId = newWorkflow();
		const items = [
			{ amount: 4000, key: '@demo', slug: 'pay-retry' },
			{ amount: -1, key: '@demo', slug: 'pay-bad' },
		];
		const inOneExecution = () =>
			runPayNode({
				parameters: payout as never,
				input: items,
				credentials: sandboxCredentials(sandbox),
				settings: { continueOnFail: true },
				workflowId,
				executionId: `${workflowId}-execution`,
			});
		const first = await inOneExecution();
		expect(first.items[0].json).toMatchObject({ outcome: 'already_sent' });
		// The second item failed, so n8n may run the node again: the first must say the same.
		const again = await inOneExecution();
		expect(again.items[0].json).toMatchObject({ outcome: 'already_sent', reference: 'pay-retry' });
	});
});
