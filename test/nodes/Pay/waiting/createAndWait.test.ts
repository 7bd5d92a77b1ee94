/**
 * Payment → Create and Wait for Payment, the node's own logic in both sandbox profiles: the link's
 * callback is the waiting node's resume URL with the wait's own token; the execution waits until
 * the limit; a callback goes on only when the service shows a final state of every link, and a
 * forged one leaves the execution waiting. Callbacks are the sandbox's own deliveries, replayed.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { runPayNode } from '../../../harness/runWorkflow';
import { sandboxCredentials, TEST_CALLBACK_SECRET } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import type { WaitingRun } from '../../../harness/waitingRun';
import {
	getWaitedLinksAfter,
	readAgainPauses,
	replayCallback as replay,
	slugsOf,
	tokenOfLink,
	waitForLinks,
} from './linkWaits';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));
// A link not final yet is read again a few times before "still waiting": briefly here.
beforeAll(() => (readAgainPauses().pausesMs = [10, 10]));

const HOUR = 3_600_000;

const wait = async (input: IDataObject[], parameters: IDataObject = {}, credentials = {}) =>
	await waitForLinks(sandbox, input, parameters, { credentials });

const replayCallback = async (run: WaitingRun, slug: string) => await replay(sandbox, run, slug);

describe('Create and Wait for Payment', () => {
	it("gives the link the waiting node's resume URL with a token of its own, and waits until its expiry plus one hour", async () => {
		const before = Date.now();
		const run = await wait([{ amount: 50000, invoice: 'INV-1' }]);
		const [slug] = slugsOf(run);
		const callback = new URL(String((await sandbox.control.payment(slug)).callback));
		expect(callback.origin + callback.pathname).toMatch(
			new RegExp(`^http://127\\.0\\.0\\.1:5678/webhook-waiting/[\\w-]+/${run.node.id}$`),
		);
		const token = callback.searchParams.get('token') ?? '';
		expect(token).toMatch(/^[\w-]{32}$/);
		expect(token).not.toBe(TEST_CALLBACK_SECRET);
		// Kept with the execution as a digest only: its data cannot open the wait.
		expect(run.customData().pay_waiting_token).toMatch(/^[\w-]{43}$/);
		expect(JSON.stringify(run.run.data)).not.toContain(token);
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

	it("refuses a wrong token, the credential's Callback Secret, a link it does not wait for and a withdrawal's callback", async () => {
		const run = await wait([{ amount: 50000, invoice: 'INV-3' }]);
		const [slug] = slugsOf(run);
		await sandbox.control.pay(slug, undefined, false);
		const paidClaim = { url: slug, state: 3, payed: true };
		const token = { token: await tokenOfLink(sandbox, slug) };

		const wrongToken = await run.callback({ body: paidClaim, query: { token: 'guess' } });
		const secret = await run.callback({ body: paidClaim, query: { token: TEST_CALLBACK_SECRET } });
		const otherLink = await run.callback({
			body: { ...paidClaim, url: 'someOther1' },
			query: token,
		});
		// A withdrawal's callback naming the slug as its id: the id waited for, the wrong kind.
		const withdrawalShaped = await run.callback({ body: { id: slug, state: 2 }, query: token });

		for (const answer of [wrongToken, secret, otherLink, withdrawalShaped]) {
			expect(answer.status).toBe(401);
			expect(answer.items).toBeUndefined();
		}
		expect(wrongToken.logs.join('\n')).toContain('refused a callback');
		expect((await run.callback({ body: paidClaim, query: token })).items).toHaveLength(1);
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

	it('gives an item that failed before the wait back as it failed, in its place (Continue On Fail)', async () => {
		const run = await wait([
			{ amount: -5, invoice: 'INV-6a' },
			{ amount: 40000, invoice: 'INV-6b' },
		]);
		expect(run.items[0].json.error).toContain('Amount');
		expect(run.items[0].json).not.toHaveProperty('waiting_until');
		const slug = String(run.items[1].json.slug);
		expect(run.waitingFor()).toBe(`,${slug}`);
		await sandbox.control.pay(slug);
		const answer = await replayCallback(run, slug);
		expect(answer.items?.[0]).toEqual(run.items[0].json);
		expect(answer.items?.[0]).not.toHaveProperty('payment_outcome');
		expect(answer.items?.[1]).toMatchObject({ payment_outcome: 'paid', slug });
		expect(answer.pairedItems).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('with the error output, an item that failed before the wait goes there again, paired', async () => {
		const run = await waitForLinks(
			sandbox,
			[
				{ amount: 40000, invoice: 'INV-12a' },
				{ amount: -5, invoice: 'INV-12b' },
			],
			{},
			{ settings: { continueOnFail: true, errorOutput: true } },
		);
		const slug = String(run.items[0].json.slug);
		await sandbox.control.pay(slug);
		const answer = await replayCallback(run, slug);
		// n8n moves an item to the error output when `error` is its one field.
		expect(answer.items?.[1]).toEqual({
			error: expect.objectContaining({ outcome: 'not_sent', field: 'Amount (COP)' }),
		});
		expect(answer.items?.[0]).toMatchObject({ payment_outcome: 'paid', slug });
		expect(answer.pairedItems).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('Simplify, on by default from version 2, trims the link before and after the wait; version 1 stays whole', async () => {
		const simple = await wait([{ amount: 50000, invoice: 'INV-13a' }]);
		const whole = await waitForLinks(
			sandbox,
			[{ amount: 50000, invoice: 'INV-13b' }],
			{},
			{ typeVersion: 1 },
		);
		expect(simple.items[0].json).not.toHaveProperty('raw');
		expect(simple.items[0].json).toHaveProperty('waiting_until');
		const [simpleSlug, wholeSlug] = [slugsOf(simple)[0], slugsOf(whole)[0]];
		await sandbox.control.pay(simpleSlug);
		await sandbox.control.pay(wholeSlug);
		const [simpleItem] = (await replayCallback(simple, simpleSlug)).items ?? [];
		const [wholeItem] = (await replayCallback(whole, wholeSlug)).items ?? [];
		expect(simpleItem).toMatchObject({ payment_outcome: 'paid', paid: true, slug: simpleSlug });
		expect(simpleItem).not.toHaveProperty('images');
		expect(wholeItem).toMatchObject({ payment_outcome: 'paid', slug: wholeSlug, images: '' });
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

	it('refuses a missing limit date before anything is sent', async () => {
		const noDate = await wait([{ amount: 50000, invoice: 'INV-8' }], { waitLimit: 'atTime' });
		expect(noDate.items[0].json.error).toContain('Max Date and Time');
		expect(noDate.run.waitTill).toBeUndefined();
		expect(await sandbox.control.count('POST /pay/')).toBe(0);
	});

	it.each([
		[
			'endless (mapped)',
			'={{ Infinity }}',
			/^Wait Amount: give how long to wait, a number of 0 or more, got Infinity$/,
		],
		[
			'not a number (mapped)',
			'={{ NaN }}',
			/^Wait Amount: give how long to wait, a number of 0 or more, got NaN$/,
		],
		['negative', -1, /^Wait Amount: give how long to wait, a number of 0 or more, got -1$/],
		[
			'empty (mapped)',
			'={{ "" }}',
			/^Wait Amount: give how long to wait, a number of 0 or more, got nothing$/,
		],
		['past any date', 1e300, /^Wait Amount: is too long: the wait would end past any date$/],
	])('refuses a Wait Amount %s before anything is sent', async (_, waitAmount, message) => {
		const before = await sandbox.control.count('POST /pay/');
		const run = await wait([{ amount: 50000, invoice: 'INV-8b' }], {
			waitLimit: 'afterInterval',
			waitAmount,
			waitUnit: 'hours',
		});
		expect(run.items[0].json.error).toMatch(message);
		expect(run.items[0].json.field).toBe('Wait Amount');
		expect(run.run.waitTill).toBeUndefined();
		expect(await sandbox.control.count('POST /pay/')).toBe(before);
	});

	it('waits without a Callback Secret in the credential: the wait has its own token', async () => {
		const run = await wait([{ amount: 50000, invoice: 'INV-9' }], {}, { callbackSecret: '' });
		const [slug] = slugsOf(run);
		expect(run.run.waitTill).toBeDefined();
		await sandbox.control.pay(slug);
		expect((await replayCallback(run, slug)).items?.[0]).toMatchObject({ payment_outcome: 'paid' });
	});

	it("after the Wait Limit, Get Links Waited For reads each item's link as the service gives it now", async () => {
		const run = await wait([
			{ amount: -1, invoice: 'INV-10a' },
			{ amount: 10000, invoice: 'INV-10b' },
			{ amount: 20000, invoice: 'INV-10c' },
		]);
		const [, paidSlug, openSlug] = slugsOf(run);
		await sandbox.control.pay(paidSlug);
		const after = await getWaitedLinksAfter(sandbox, run);
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

describe('Create and Wait for Payment, for a link an earlier execution created', () => {
	// The same invoice as Idempotency Key: the service refuses a second link for it.
	const byInvoice = { options: { idempotencyKey: '={{ $json.invoice }}' } };
	const inOneWorkflow = { workflowId: 'invoices-that-wait' };
	const waitAgain = async (invoice: string) =>
		await waitForLinks(sandbox, [{ amount: 50000, invoice }], byInvoice, inOneWorkflow);

	it('creates nothing and waits for that same link: its callback comes to this execution now, which goes on when it is paid', async () => {
		const first = await waitAgain('REPEAT-1');
		const [slug] = slugsOf(first);
		const firstCallback = (await sandbox.control.payment(slug)).callback;
		const links = (await sandbox.control.payments()).length;
		const second = await waitAgain('REPEAT-1');
		expect(await sandbox.control.payments()).toHaveLength(links);
		expect(second.items[0].json).toMatchObject({ outcome: 'already_created', slug });
		expect(second.waitingFor()).toBe(slug);
		const callback = (await sandbox.control.payment(slug)).callback;
		expect(callback).not.toBe(firstCallback);
		expect(new URL(String(callback)).searchParams.get('token')).toBe(
			await tokenOfLink(sandbox, slug),
		);
		await sandbox.control.pay(slug);
		const answer = await replayCallback(second, slug);
		expect(answer.items).toEqual([
			expect.objectContaining({ payment_outcome: 'paid', paid: true, slug }),
		]);
	});

	it('a link paid since gives its outcome at once and the execution does not wait for a callback that will not come', async () => {
		const first = await waitAgain('REPEAT-2');
		const [slug] = slugsOf(first);
		await sandbox.control.setPaymentState(slug, 3);
		const second = await waitAgain('REPEAT-2');
		expect(second.run.waitTill).toBeUndefined();
		expect(second.items[0].json).toMatchObject({
			payment_outcome: 'paid',
			paid: true,
			outcome: 'already_created',
			slug,
		});
	});
});
