/**
 * The Pay Money Received Trigger misses no transfer (through n8n-core's PollContext, as
 * moneyReceived.test.ts): n8n stopping in the middle of a poll, a first check with a long history,
 * a transfer the service lists late, a list read page by page, a list that no longer holds what was
 * seen. Lists the sandbox does not model (hundreds of entries, pages) are its answers injected as
 * faults (`body: 'json'`), which every profile answers alike; the rest uses transfers the account
 * sent (Include Transfers Sent), which every profile lists.
 */
import type { Sandbox } from '../../../sandbox';
import { PollTriggerHarness } from '../../harness/pollTriggerHarness';
import type { PollOutcome } from '../../harness/pollTriggerHarness';
import { sandboxCredentials } from '../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../harness/sandboxPerFile';

let sandbox: Sandbox;

useSandboxPerFile((started) => (sandbox = started));

const START = Date.parse('2026-01-01T00:00:00.000Z');

const trigger = async (options: Record<string, unknown> = {}) =>
	await PollTriggerHarness.create(
		{ account: 'demo', options } as never,
		sandboxCredentials(sandbox),
	);

const amounts = (outcome: PollOutcome) =>
	outcome.executions.map((items) => items.map((item) => item.amount));

/** A transfer from friend to demo, `minute` minutes after START, as the list gives it. */
const listed = (minute: number, amount = 1000 + minute) => ({
	from_user: 'friend',
	to_user: 'demo',
	amount,
	date: new Date(START + minute * 60_000).toISOString(),
});

/** Transfers at these minutes, newest first. */
const newestFirst = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, index) => listed(to - index));

/** The next `GET /send/` answers this list, whole. */
async function listAnswers(entries: unknown[]): Promise<void> {
	await sandbox.control.injectFault({ route: 'GET /send/', body: 'json', json: entries });
}

/** The next `GET /send/` requests answer these entries, `perPage` a page, each naming the next. */
async function pagedListAnswers(entries: unknown[], perPage: number): Promise<void> {
	await sandbox.control.clearFaults();
	const pages = Math.ceil(entries.length / perPage);
	for (let page = 1; page <= pages; page++) {
		const results = entries.slice((page - 1) * perPage, page * perPage);
		const next = page < pages ? `/send/?page=${page + 1}` : null;
		await sandbox.control.injectFault({
			route: 'GET /send/',
			body: 'json',
			json: { count: entries.length, next, results },
		});
	}
}

async function sent(amount: number, extra: { listed?: boolean } = {}): Promise<void> {
	await sandbox.control.sendTransfer({ from: 'demo', to: 'friend', amount, ...extra });
}

describe('n8n stopping in the middle of a poll', () => {
	it('three new transfers, n8n stopped after the first execution: after the restart the other two start, the first not again', async () => {
		const poller = await trigger({ includeSent: true });
		await poller.activate();
		for (const amount of [101, 102, 103]) await sent(amount);
		expect(amounts(await poller.tick(1))).toEqual([[101]]);
		expect(amounts(await poller.restart())).toEqual([[102], [103]]);
		expect((await poller.tick()).executions).toEqual([]);
		expect((await poller.restart()).executions).toEqual([]);
	});
});

describe('Include Earlier Transfers', () => {
	it('with 700 already listed, the first poll starts the newest 500, oldest first; the next poll none', async () => {
		const history = newestFirst(0, 699);
		const poller = await trigger({ includeEarlier: true });
		await listAnswers(history);
		const first = await poller.activate();
		expect(first.executions).toHaveLength(500);
		expect(amounts(first).slice(0, 2)).toEqual([[1200], [1201]]);
		expect(amounts(first).at(-1)).toEqual([1699]);
		await listAnswers(history);
		expect((await poller.tick()).executions).toEqual([]);
	});
});

describe('a transfer the service lists late', () => {
	it('dated before every transfer seen, it starts the workflow once it is listed, and the log names it', async () => {
		const poller = await trigger({ includeSent: true });
		await poller.activate();
		await sent(100, { listed: false });
		// Dated at least a millisecond later, as the service dates transfers: made in the same
		// millisecond, the held one would not be older, and nothing would be listed late.
		await new Promise((resolve) => setTimeout(resolve, 5));
		await sent(200);
		expect(amounts(await poller.tick())).toEqual([[200]]);
		await sandbox.control.listHeldTransfers();
		const late = await poller.tick();
		expect(amounts(late)).toEqual([[100]]);
		expect(late.logs).toEqual([
			expect.stringMatching(
				/^warn: Pay Money Received Trigger: a transfer listed late, dated before the newest one already seen \(.+\), taken as new: .+ from demo to friend, amount 100$/,
			),
		]);
		expect((await poller.tick()).executions).toEqual([]);
	});

	it('dated before the oldest of the 500 it remembers, it starts nothing (it cannot be told from one started before) but the log names it', async () => {
		const history = newestFirst(0, 519);
		const poller = await trigger();
		await listAnswers(history);
		await poller.activate();
		await listAnswers([...history, listed(5, 77)]);
		const tick = await poller.tick();
		expect(tick.executions).toEqual([]);
		expect(tick.logs).toEqual([
			expect.stringContaining(
				'Pay Money Received Trigger: 1 transfer(s) listed since the last poll, dated before 2026-01-01T00:20:00.000Z',
			),
		]);
		expect(tick.logs[0]).toMatch(
			/They are: 2026-01-01T00:05:00.000Z from friend to demo, amount 77$/,
		);
		await listAnswers([...history, listed(5, 77)]);
		expect((await poller.tick()).logs).toEqual([]);
	});
});

describe('a list in pages, newest first', () => {
	it('150 pages of history: the first poll reads the pages holding the newest 500, a later one only down to the transfers seen; none fails', async () => {
		const history = newestFirst(0, 2999);
		const poller = await trigger();
		await pagedListAnswers(history, 20);
		expect((await poller.activate()).executions).toEqual([]);
		expect(await sandbox.control.count('GET /send/')).toBe(26);
		await pagedListAnswers([...newestFirst(3000, 3002), ...history], 20);
		expect(amounts(await poller.tick())).toEqual([[4000], [4001], [4002]]);
		expect(await sandbox.control.count('GET /send/')).toBe(27);
		await pagedListAnswers([...newestFirst(3000, 3002), ...history], 20);
		expect((await poller.tick()).executions).toEqual([]);
	});
});

describe('a list that no longer holds the transfers seen', () => {
	it('says so in the log, and starts the transfers it holds', async () => {
		const poller = await trigger({ includeSent: true });
		await sent(100);
		await poller.activate();
		// Dated after the one seen: new, not late.
		const later = (minutes: number, amount: number) => ({
			...listed(0, amount),
			date: new Date(Date.now() + minutes * 60_000).toISOString(),
		});
		await listAnswers([later(2, 1002), later(1, 1001)]);
		const tick = await poller.tick();
		expect(amounts(tick)).toEqual([[1001], [1002]]);
		expect(tick.logs).toEqual([
			expect.stringContaining(
				'Pay Money Received Trigger: the transfer list (2 listed) holds none of the 1 transfers seen before',
			),
		]);
	});
});
