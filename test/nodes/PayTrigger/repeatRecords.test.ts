/**
 * The Pay Trigger's repeat records when n8n loads the static data afresh for each request and
 * writes it back whole after it (the harness's StaticDataDatabase): events arriving together all
 * stay recorded, within the size bound and the window, also for an n8n started again (a fresh
 * module registry: nothing the trigger held in memory is left).
 */
import type { Sandbox } from '../../../sandbox';
import { PayTriggerHarness, StaticDataDatabase } from '../../harness/payTriggerHarness';
import { sandboxCredentials, TEST_CALLBACK_SECRET } from '../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../harness/sandboxPerFile';
import { createPayment, login } from '../../sandbox/apiClient';
import { savedRepeatRecords } from '../../harness/savedRepeatRecords';

let sandbox: Sandbox;

useSandboxPerFile((started) => (sandbox = started));

const secret = { token: TEST_CALLBACK_SECRET };
const withdrawals = (window = 60) => ({
	events: ['withdrawal'],
	options: { repeatWindowMinutes: window },
});
const payments = { events: ['paymentPaid'], options: {} };

let testRun = 0;
beforeEach(() => testRun++);

/** A withdrawal status callback, unique to this test (withdrawal callbacks are not verified). */
const withdrawal = (n: number) => ({ id: `w-${testRun}-${n}`, state: 1, amount: '1000.00' });
const withdrawalKey = (n: number) => `withdrawal:w-${testRun}-${n}:1`;

/**
 * The trigger in an n8n process started afresh on the same database: the module registry is reset,
 * so the package is loaded again with nothing in memory (isolateModules would isolate only what is
 * required synchronously, and n8n loads the package's nodes later).
 */
async function inNewProcess(
	parameters: Record<string, unknown>,
	database: StaticDataDatabase,
): Promise<PayTriggerHarness> {
	jest.resetModules();
	type Harness = typeof import('../../harness/payTriggerHarness');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const fresh = require('../../harness/payTriggerHarness') as Harness;
	return await fresh.PayTriggerHarness.create(parameters as never, sandboxCredentials(sandbox), {
		database,
		workflowId: `repeats-${testRun}`,
	});
}

/** The trigger of this test's own workflow, its static data in `database`. */
async function trigger(
	parameters: Record<string, unknown>,
	database: StaticDataDatabase,
): Promise<PayTriggerHarness> {
	return await PayTriggerHarness.create(parameters as never, sandboxCredentials(sandbox), {
		database,
		workflowId: `repeats-${testRun}`,
	});
}

const savedKeys = (harness: PayTriggerHarness) =>
	Object.keys(savedRepeatRecords(harness.staticData));

/** A paid payment's callback, as the service sends it. */
async function paidCallback(): Promise<{ key: string; body: Record<string, unknown> }> {
	const client = await login(sandbox);
	const created = await createPayment(client);
	const slug = created.url as string;
	await sandbox.control.pay(slug);
	return {
		key: `payment:${slug}:3`,
		body: { payed: true, url: slug, state: 3, amount: '50000.00' },
	};
}

describe('Pay Trigger repeat records, static data loaded and saved per request as n8n does', () => {
	it('twenty different events arriving together all reach the database, and none starts again after a restart', async () => {
		const database = new StaticDataDatabase(() => 5);
		const harness = await trigger(withdrawals(), database);
		const numbers = [...Array(20).keys()];
		const answers = await Promise.all(
			numbers.map(async (n) => await harness.receive({ body: withdrawal(n), query: secret })),
		);
		expect(answers.map((answer) => answer.items.length)).toEqual(numbers.map(() => 1));
		expect(savedKeys(harness).sort()).toEqual(numbers.map(withdrawalKey).sort());

		const restarted = await inNewProcess(withdrawals(), database);
		const repeats = await Promise.all(
			numbers.map(async (n) => await restarted.receive({ body: withdrawal(n), query: secret })),
		);
		expect(repeats.map((answer) => answer.items.length)).toEqual(numbers.map(() => 0));
		expect(repeats[7].response).toEqual({
			status: 200,
			body: { received: true, note: `repeat of ${withdrawalKey(7)}` },
		});
	});

	it('when an older save lands last and leaves a record out, the next started event saves it again', async () => {
		// The first save issued lands 50 ms after the others, as through a pool of database
		// connections.
		let saves = 0;
		const database = new StaticDataDatabase(() => (saves++ === 0 ? 50 : 0));
		const harness = await trigger(payments, database);
		const pair = [await paidCallback(), await paidCallback()];
		const started = await Promise.all(
			pair.map(async (callback) => await harness.receive({ body: callback.body, query: secret })),
		);
		expect(started.map((answer) => answer.items.length)).toEqual([1, 1]);
		const third = await paidCallback();
		expect((await harness.receive({ body: third.body, query: secret })).items).toHaveLength(1);
		const keys = [...pair, third].map((callback) => callback.key);
		expect(savedKeys(harness).sort()).toEqual([...keys].sort());

		const restarted = await inNewProcess(payments, database);
		for (const callback of [...pair, third])
			expect((await restarted.receive({ body: callback.body, query: secret })).items).toHaveLength(
				0,
			);
	});

	it('keeps the newest 1,000 records of events arriving together, none of them lost', async () => {
		const database = new StaticDataDatabase(() => 1);
		const harness = await trigger(withdrawals(), database);
		const batches = [...Array(22).keys()].map((batch) =>
			[...Array(50).keys()].map((n) => batch * 50 + n),
		);
		for (const batch of batches)
			await Promise.all(
				batch.map(async (n) => await harness.receive({ body: withdrawal(n), query: secret })),
			);
		const saved = savedKeys(harness);
		expect(saved).toHaveLength(1000);
		// The last 900 are newer than anything the bound let go (ties of one millisecond aside).
		expect(saved).toEqual(expect.arrayContaining(batches.slice(4).flat().map(withdrawalKey)));
		expect(saved).not.toContain(withdrawalKey(0));
	});

	it('records loaded from the database hold within the window and lapse after it', async () => {
		const window = 0.02; // 1.2 seconds of the clock the records are kept by
		// The records' clock is Date.now: held still, so a slow machine cannot outlast the window.
		const realNow = Date.now();
		let elapsed = 0;
		const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow + elapsed);
		try {
			const database = new StaticDataDatabase(() => 5);
			const harness = await trigger(withdrawals(window), database);
			const both = [0, 1];
			const receiveBoth = async (target: PayTriggerHarness) =>
				await Promise.all(
					both.map(async (n) => await target.receive({ body: withdrawal(n), query: secret })),
				);
			const first = await receiveBoth(harness);
			expect(first.map((answer) => answer.items.length)).toEqual([1, 1]);

			const restarted = await inNewProcess(withdrawals(window), database);
			elapsed = window * 60_000 - 100;
			const within = await receiveBoth(restarted);
			expect(within.map((answer) => answer.items.length)).toEqual([0, 0]);

			elapsed = window * 60_000 + 200;
			const after = await receiveBoth(restarted);
			expect(after.map((answer) => answer.items.length)).toEqual([1, 1]);
			const seen = savedRepeatRecords(harness.staticData);
			expect(Object.keys(seen).sort()).toEqual(both.map(withdrawalKey).sort());
			// Saved anew, at the time they started again.
			for (const at of Object.values(seen)) expect(at).toBe(realNow + elapsed);
		} finally {
			clock.mockRestore();
		}
	});
});
