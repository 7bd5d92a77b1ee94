/**
 * The Pay Money Received Trigger through n8n-core's PollContext, polling the sandbox as n8n does
 * (test/harness/pollTriggerHarness.ts): activation polls at once and saves, later polls keep their
 * changes in memory until an execution starts, a restart reloads what the database holds.
 *
 * The `observed` profile lists transfers made or received, as the service's real clients see it;
 * the `spec` profile lists only those the account made: there no received transfer is ever seen,
 * and the tests say so, while sent transfers (with Include Transfers Sent) are seen in both.
 */
import type { Sandbox } from '../../../sandbox';
import { PollTriggerHarness } from '../../harness/pollTriggerHarness';
import type { PollOutcome } from '../../harness/pollTriggerHarness';
import { sandboxCredentials, secretsOf } from '../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../harness/sandboxPerFile';
import { profileUnderTest } from '../../harness/sandboxProfile';

let sandbox: Sandbox;

useSandboxPerFile((started) => (sandbox = started));

/** Whether the profile's transfer list shows the transfers an account received. */
const listsReceived = profileUnderTest() === 'observed';

const trigger = async (options: Record<string, unknown> = {}, account = 'demo') =>
	await PollTriggerHarness.create({ account, options } as never, sandboxCredentials(sandbox));

/** The friend account, with balance, sends `amount` to the demo account (at `date`, if given). */
async function received(amount: number, date?: string): Promise<void> {
	const friend = await sandbox.control.account('friend');
	if (friend.balance < amount)
		await sandbox.control.updateAccount('friend', { balance: friend.balance + 1_000_000 });
	await sandbox.control.sendTransfer({ from: 'friend', to: 'demo', amount, date });
}

/** The demo account sends `amount` to the friend account. */
async function sent(amount: number): Promise<void> {
	await sandbox.control.sendTransfer({ from: 'demo', to: 'friend', amount });
}

const amounts = (outcome: PollOutcome) =>
	outcome.executions.map((items) => items.map((item) => item.amount));

describe('Pay Money Received Trigger', () => {
	it('first poll takes the history in and starts nothing; three transfers received start three executions, one transfer each, oldest first; the next poll starts none', async () => {
		await received(1000);
		await received(2000);
		await sent(500);
		const poller = await trigger();
		expect((await poller.activate()).executions).toEqual([]);
		await received(11_000);
		await received(12_000);
		await received(13_000);
		const tick = await poller.tick();
		expect(amounts(tick)).toEqual(listsReceived ? [[11_000], [12_000], [13_000]] : []);
		if (listsReceived)
			expect(tick.executions[0][0]).toEqual({
				event: 'transfer.received',
				direction: 'received',
				from_user: 'friend',
				to_user: 'demo',
				amount: 11_000,
				date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
				occurrence: 1,
				transfer_key: expect.stringMatching(/^[^|]+\|friend\|demo\|11000\|1$/),
				// The accounting fields (accountingFields.test.ts).
				...{ slug: null, gross_amount: 11_000, fee_amount: 0, iva_amount: 0, net_amount: 11_000 },
				...{ currency: 'COP', paid_at: tick.executions[0][0].date, payment_method: 'transfer' },
				...{ payer_name: null, payer_email: null, payer_id: 'friend', description: null },
				fees_computed: true,
			});
		expect((await poller.tick()).executions).toEqual([]);
		expect(await sandbox.control.count('GET /send/')).toBe(3);
	});

	it('a transfer the account sent starts nothing; with Include Transfers Sent it starts one, marked sent', async () => {
		const poller = await trigger();
		await poller.activate();
		await sent(700);
		expect((await poller.tick()).executions).toEqual([]);

		const withSent = await trigger({ includeSent: true });
		await withSent.activate();
		await sent(800);
		await received(900);
		const tick = await withSent.tick();
		expect(amounts(tick)).toEqual(listsReceived ? [[800], [900]] : [[800]]);
		expect(tick.executions[0][0]).toMatchObject({
			event: 'transfer.sent',
			direction: 'sent',
			from_user: 'demo',
			to_user: 'friend',
		});
	});

	it('with Include Earlier Transfers the first poll starts one execution per transfer already received, oldest first', async () => {
		await received(1000);
		await sent(500);
		await received(2000);
		const poller = await trigger({ includeEarlier: true });
		expect(amounts(await poller.activate())).toEqual(listsReceived ? [[1000], [2000]] : []);
		expect((await poller.tick()).executions).toEqual([]);
	});

	it('after a restart of n8n (nothing left in memory) the transfers already started start nothing again, a new one starts once', async () => {
		const poller = await trigger();
		await poller.activate();
		for (const amount of [21_000, 22_000, 23_000]) await received(amount);
		expect((await poller.tick()).executions).toHaveLength(listsReceived ? 3 : 0);
		expect((await poller.restart()).executions).toEqual([]);
		expect((await poller.tick()).executions).toEqual([]);
		await received(24_000);
		expect(amounts(await poller.tick())).toEqual(listsReceived ? [[24_000]] : []);
		expect((await poller.restart()).executions).toEqual([]);
	});

	it('a transfer received between activation and the next poll is started, also when the polls between started nothing and n8n restarted', async () => {
		const poller = await trigger();
		await poller.activate();
		await sent(100);
		expect((await poller.tick()).executions).toEqual([]);
		await received(31_000);
		// Nothing was saved since activation, and the sent one is in memory only: the restart forgets
		// it.
		expect(amounts(await poller.restart())).toEqual(listsReceived ? [[31_000]] : []);
		expect((await poller.tick()).executions).toEqual([]);
	});

	it('two transfers alike in every field, date included, are two events; a third alike later is one more', async () => {
		const date = '2026-03-01T15:00:00.000Z';
		const poller = await trigger();
		await poller.activate();
		await received(5000, date);
		await received(5000, date);
		const tick = await poller.tick();
		expect(tick.executions.map((items) => items[0].occurrence)).toEqual(
			listsReceived ? [1, 2] : [],
		);
		if (listsReceived)
			expect(tick.executions.map((items) => items[0].transfer_key)).toEqual([
				`${date}|friend|demo|5000|1`,
				`${date}|friend|demo|5000|2`,
			]);
		await received(5000, date);
		expect((await poller.tick()).executions.map((items) => items[0].occurrence)).toEqual(
			listsReceived ? [3] : [],
		);
		expect((await poller.restart()).executions).toEqual([]);
	});
});

describe('its test run (Fetch Test Event)', () => {
	it('shows the newest transfer received, and records nothing', async () => {
		await received(1000, '2026-03-01T10:00:00Z');
		await received(3000, '2026-03-01T12:00:00Z');
		await received(2000, '2026-03-01T11:00:00Z');
		await sent(4000);
		const poller = await trigger();
		if (listsReceived) {
			const { items } = await poller.testRun();
			expect(items).toEqual([expect.objectContaining({ amount: 3000, direction: 'received' })]);
		} else {
			await expect(poller.testRun()).rejects.toThrow('The service lists no transfer to "demo" yet');
		}
		expect(poller.saved).toBe('{}');
	});

	it('says plainly that no transfer to the account is listed yet', async () => {
		await expect((await trigger()).testRun()).rejects.toThrow(
			'The service lists no transfer to "demo" yet',
		);
	});
});

describe("the account's name", () => {
	it('a name the list does not use stops the activation with the names it does use; both forms given work', async () => {
		await sent(100);
		const wrong = await trigger({}, '3001234567');
		const error = await wrong.activate().then(
			() => undefined,
			(thrown: Error & { description?: string }) => thrown,
		);
		expect(error?.message).toBe(
			'None of the 1 transfers listed names this account as "3001234567"',
		);
		expect(error?.description).toContain('Names in the list: demo, friend.');
		expect(wrong.saved).toBe('{}');

		const both = await trigger({}, '+57 300 123 4567, Demo');
		await both.activate();
		await received(600);
		expect(amounts(await both.tick())).toEqual(listsReceived ? [[600]] : []);
	});

	it('an empty name is refused before the service is asked', async () => {
		await expect((await trigger({}, '  ')).activate()).rejects.toThrow(
			"This Account's Mobile Number or Username is empty",
		);
		expect(await sandbox.control.count('GET /send/')).toBe(0);
	});
});

describe('what the list may hold', () => {
	it('a transfer without a readable date is skipped and said in the log; the others are started', async () => {
		const poller = await trigger();
		await poller.activate();
		await sandbox.control.injectFault({
			route: 'GET /send/',
			body: 'json',
			json: [
				{ from_user: 'friend', to_user: 'demo', amount: '700.00', date: 'yesterday' },
				{ from_user: 'friend', to_user: 'demo', amount: '800.00', date: '2026-03-02T10:00:00Z' },
			],
		});
		const tick = await poller.tick();
		expect(amounts(tick)).toEqual([[800]]);
		expect(tick.logs).toContain(
			'warn: Pay Money Received Trigger skipped 1 listed transfer(s) without a readable date',
		);
	});

	it('a list the service cannot give fails the poll without a secret in the error; the next poll starts what came meanwhile', async () => {
		const poller = await trigger();
		await poller.activate();
		await received(900);
		await sandbox.control.injectFault({ route: 'GET /send/', status: 500, times: 10 });
		const error = await poller.tick().then(
			() => undefined,
			(thrown: Error) => thrown,
		);
		expect(error).toBeDefined();
		for (const secret of secretsOf(sandbox.demo))
			expect(JSON.stringify({ ...error, message: error?.message })).not.toContain(secret);
		await sandbox.control.clearFaults();
		expect(amounts(await poller.tick())).toEqual(listsReceived ? [[900]] : []);
	});
});
