/**
 * Payment → Create and Wait for Payment, the node's own logic in both sandbox profiles: the link's
 * callback is this execution's resume URL with the secret; the execution waits until the limit; a
 * callback goes on only when the service confirms a final state of every link, and a forged or
 * early one leaves the execution waiting. Callbacks are the sandbox's own deliveries, replayed.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { CREDENTIAL_ID, runPayNode } from '../../../harness/runWorkflow';
import { sandboxCredentials, TEST_CALLBACK_SECRET } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import { startWaitingRun } from '../../../harness/waitingRun';
import type { WaitingRun } from '../../../harness/waitingRun';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const HOUR = 3_600_000;

const LINK = {
	resource: 'payment',
	operation: 'createAndWait',
	amount: '={{ $json.amount }}',
	description: '={{ $json.invoice }}',
	paymentMethods: ['pse', 'daviplata'],
	payerRedirectUrl: 'https://shop.example/thanks',
	expirationDays: 1,
	options: {},
};

const wait = async (input: IDataObject[], parameters: IDataObject = {}, credentials = {}) =>
	await startWaitingRun({
		parameters: { ...LINK, ...parameters } as never,
		input,
		credentials: sandboxCredentials(sandbox, sandbox.demo, credentials),
		settings: { continueOnFail: true },
	});

/** The service's last callback for a link, sent to the waiting node as the service sent it. */
async function replayCallback(run: WaitingRun, slug: string) {
	const deliveries = (await sandbox.control.callbacks()).filter(
		(delivery) => delivery.body.url === slug,
	);
	const delivery = deliveries[deliveries.length - 1];
	const url = new URL(delivery.url);
	const form = delivery.contentType.startsWith('application/x-www-form-urlencoded');
	const rawBody = form
		? new URLSearchParams(
				Object.entries(delivery.body).map(([k, v]): [string, string] => [k, String(v)]),
			).toString()
		: JSON.stringify(delivery.body);
	return await run.callback({
		body: form ? Object.fromEntries(new URLSearchParams(rawBody)) : delivery.body,
		rawBody,
		headers: { 'content-type': delivery.contentType },
		query: Object.fromEntries(url.searchParams),
	});
}

const slugsOf = (run: WaitingRun) => run.items.map((item) => String(item.json.slug));

describe('Create and Wait for Payment', () => {
	it("gives the link this execution's resume URL with the secret, and waits until its expiry plus one hour", async () => {
		const before = Date.now();
		const run = await wait([{ amount: 50000, invoice: 'INV-1' }]);
		const [slug] = slugsOf(run);
		const callback = new URL(String((await sandbox.control.payment(slug)).callback));
		expect(callback.origin + callback.pathname).toMatch(
			/^http:\/\/127\.0\.0\.1:5678\/webhook-waiting\/[\w-]+$/,
		);
		expect(callback.searchParams.get('token')).toBe(TEST_CALLBACK_SECRET);
		const waitTill = run.run.waitTill?.getTime() ?? 0;
		expect(waitTill).toBeGreaterThanOrEqual(before + 25 * HOUR);
		expect(waitTill).toBeLessThanOrEqual(Date.now() + 25 * HOUR);
		expect(run.waitingFor()).toBe(slug);
		expect(run.items[0].json.waiting_until).toBe(run.run.waitTill?.toISOString());
		expect(JSON.stringify(run.run.data)).not.toContain(TEST_CALLBACK_SECRET);
	});

	it('goes on with the paid link as the service gives it, paired to its input', async () => {
		const run = await wait([{ amount: 50000, invoice: 'INV-2' }]);
		const [slug] = slugsOf(run);
		await sandbox.control.pay(slug);
		const answer = await replayCallback(run, slug);
		expect(answer.items).toEqual([
			expect.objectContaining({
				payment_outcome: 'paid',
				paid: true,
				slug,
				state: 3,
				amount: 50000,
			}),
		]);
		expect(answer.items?.[0].date_created).toMatch(/^\d{4}-\d\d-\d\dT/);
		expect(answer.pairedItems).toEqual([{ item: 0 }]);
	});

	it('refuses a wrong secret, a link it does not wait for and a state the service does not confirm', async () => {
		const run = await wait([{ amount: 50000, invoice: 'INV-3' }]);
		const [slug] = slugsOf(run);
		const paidClaim = { url: slug, state: 3, payed: true };
		const token = { token: TEST_CALLBACK_SECRET };

		const wrongSecret = await run.callback({ body: paidClaim, query: { token: 'guess' } });
		const otherLink = await run.callback({
			body: { ...paidClaim, url: 'someOther1' },
			query: token,
		});
		const unconfirmed = await run.callback({ body: paidClaim, query: token });

		for (const answer of [wrongSecret, otherLink, unconfirmed]) {
			expect(answer.status).toBe(401);
			expect(answer.items).toBeUndefined();
		}
		expect(JSON.stringify(unconfirmed.body)).toContain('does not confirm');
		expect(unconfirmed.logs.join('\n')).toContain('refused a callback');
	});

	it('takes a Callback Secret changed while it waited at once', async () => {
		const run = await wait([{ amount: 50000, invoice: 'INV-11' }]);
		const [slug] = slugsOf(run);
		await sandbox.control.pay(slug);
		const body = { url: slug, state: 3, payed: true };
		const before = await run.callback({ body, query: { token: TEST_CALLBACK_SECRET } });
		expect(before.items).toBeDefined();
		run.credentials.stored.set(CREDENTIAL_ID, {
			...run.credentials.stored.get(CREDENTIAL_ID),
			callbackSecret: 'a-new-callback-secret-0123456789',
		});
		const changed = await run.callback({
			body,
			query: { token: 'a-new-callback-secret-0123456789' },
		});
		expect(changed.items?.[0]).toMatchObject({ payment_outcome: 'paid', slug });
	});

	it('answers a callback in process with 200 and waits on', async () => {
		const run = await wait([{ amount: 50000, invoice: 'INV-4' }]);
		const [slug] = slugsOf(run);
		await sandbox.control.setPaymentState(slug, 1, true);
		const answer = await replayCallback(run, slug);
		expect(answer.status).toBe(200);
		expect(answer.items).toBeUndefined();
		expect(JSON.stringify(answer.body)).toContain('still waiting');
	});

	it('with several links, goes on only when every one is final, each read from the service', async () => {
		const run = await wait([
			{ amount: 10000, invoice: 'INV-5a' },
			{ amount: 20000, invoice: 'INV-5b' },
			{ amount: 30000, invoice: 'INV-5c' },
		]);
		const [first, second, third] = slugsOf(run);
		expect(run.waitingFor()).toBe(`${first},${second},${third}`);
		await sandbox.control.pay(first);
		const early = await replayCallback(run, first);
		expect(early.items).toBeUndefined();
		expect(JSON.stringify(early.body)).toContain(`still waiting for ${second}, ${third}`);

		await sandbox.control.setPaymentState(third, 5);
		await sandbox.control.setPaymentState(second, 2, true);
		const last = await replayCallback(run, second);
		expect(last.items?.map((item) => [item.slug, item.payment_outcome])).toEqual([
			[first, 'paid'],
			[second, 'not_paid'],
			[third, 'expired'],
		]);
		expect(last.pairedItems).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('keeps the place of an item whose link was not created (Continue On Fail)', async () => {
		const run = await wait([
			{ amount: -5, invoice: 'INV-6a' },
			{ amount: 40000, invoice: 'INV-6b' },
		]);
		expect(run.items[0].json.error).toContain('Amount');
		const slug = String(run.items[1].json.slug);
		expect(run.waitingFor()).toBe(`,${slug}`);
		await sandbox.control.pay(slug);
		const answer = await replayCallback(run, slug);
		expect(answer.items?.map((item) => item.payment_outcome)).toEqual(['not_created', 'paid']);
	});

	it('waits for the time interval given instead of the expiry', async () => {
		const before = Date.now();
		const run = await wait([{ amount: 50000, invoice: 'INV-7' }], {
			waitLimit: 'afterInterval',
			waitAmount: 2,
			waitUnit: 'hours',
		});
		const waitTill = run.run.waitTill?.getTime() ?? 0;
		expect(waitTill).toBeGreaterThanOrEqual(before + 2 * HOUR);
		expect(waitTill).toBeLessThanOrEqual(Date.now() + 2 * HOUR);
	});

	it('refuses a missing limit date or Callback Secret before anything is sent', async () => {
		const noDate = await wait([{ amount: 50000, invoice: 'INV-8' }], { waitLimit: 'atTime' });
		const noSecret = await wait([{ amount: 50000, invoice: 'INV-9' }], {}, { callbackSecret: '' });
		expect(noDate.items[0].json.error).toContain('Max Date and Time');
		expect(noSecret.items[0].json.error).toContain('Callback Secret');
		expect(noDate.run.waitTill).toBeUndefined();
		expect(noSecret.run.waitTill).toBeUndefined();
		expect(await sandbox.control.count('POST /pay/')).toBe(0);
	});

	it("after the Wait Limit, Get Links Waited For reads each item's link as the service gives it now", async () => {
		const run = await wait([
			{ amount: -1, invoice: 'INV-10a' },
			{ amount: 10000, invoice: 'INV-10b' },
			{ amount: 20000, invoice: 'INV-10c' },
		]);
		const [, paidSlug, openSlug] = slugsOf(run);
		await sandbox.control.pay(paidSlug);
		// n8n goes on at the limit with the node's input; the next node runs in the same execution.
		const after = await runPayNode({
			typeVersion: 2,
			parameters: { resource: 'payment', operation: 'getWaitedLinks' },
			input: run.run.data.executionData?.nodeExecutionStack[0]?.data.main[0]?.map((i) => i.json),
			credentials: sandboxCredentials(sandbox),
			customData: run.run.data.resultData.metadata,
		});
		expect(after.items.map((item) => [item.json.payment_outcome, item.json.slug])).toEqual([
			['not_created', undefined],
			['paid', paidSlug],
			['open', openSlug],
		]);
		expect(after.items[1].json).toMatchObject({ paid: true, state: 3 });
	});

	it('Get Links Waited For, in an execution that waited for nothing, fails naming what to do', async () => {
		const after = await runPayNode({
			typeVersion: 2,
			parameters: { resource: 'payment', operation: 'getWaitedLinks' },
			credentials: sandboxCredentials(sandbox),
		});
		expect(after.error?.message).toContain('after Payment → Create and Wait for Payment');
		expect(await sandbox.control.counters()).toEqual({});
	});
});
