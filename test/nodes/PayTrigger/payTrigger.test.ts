/** The Pay Trigger's webhook through n8n-core's WebhookContext, verifying against the sandbox. */
import type { INodeType } from 'n8n-workflow';

import type { Sandbox } from '../../../sandbox';
import { loadBuiltPackage } from '../../harness/loadPackage';
import { PayTriggerHarness, StaticDataDatabase } from '../../harness/payTriggerHarness';
import { savedRepeatRecords } from '../../harness/savedRepeatRecords';
import { sandboxCredentials, TEST_CALLBACK_SECRET } from '../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../harness/sandboxPerFile';
import { createPayment, login } from '../../sandbox/apiClient';

let sandbox: Sandbox;

useSandboxPerFile((started) => (sandbox = started));

const allEvents = { events: ['paymentPaid', 'paymentOther', 'withdrawal'], options: {} };
const secret = { token: TEST_CALLBACK_SECRET };
const trigger = async (parameters: Record<string, unknown> = allEvents) =>
	await PayTriggerHarness.create(parameters as never, sandboxCredentials(sandbox));

/**
 * A payment object paid by bank debit, and the callback the service sends for it (its amounts:
 * 50,000 less the sandbox's fees).
 */
async function paidPayment(): Promise<{ slug: string; body: Record<string, unknown> }> {
	const client = await login(sandbox);
	const created = await createPayment(client);
	const bank = (await client.call('GET', '/get_banks/1/')).data[1].bankCode as string;
	const payer = {
		name: 'Ana',
		cc: '1020304050',
		email: 'ana@example.com',
		document_type: 'CC',
		phone: '3001112233',
	};
	await client.call('POST', `/${created.url as string}`, {
		...payer,
		payment: 'pse',
		bank,
		address: 'Calle 1',
	});
	await sandbox.control.pay(created.url as string, 'pse');
	const body = {
		payed: true,
		url: created.url,
		state: 3,
		amount: '50000.00',
		payed_amount: '47203.50',
		fee_amount: '2350.00',
		iva_amount: '446.50',
		payment_method: 'pse',
		payer_name: 'Ana',
		payer_email: 'ana@example.com',
		payer_id_type: 'CC',
		payer_id: '1020304050',
		payer_phone: '3001112233',
		cus: '3000001',
		description: 'Invoice 1',
	};
	return { slug: created.url as string, body };
}

describe('Pay Trigger', () => {
	it('emits a verified payment.paid event from a JSON callback, amounts as numbers, raw body kept', async () => {
		const { slug, body } = await paidPayment();
		const answer = await (await trigger()).receive({ body, query: secret });
		expect(answer.items).toHaveLength(1);
		expect(answer.items[0]).toMatchObject({
			event: 'payment.paid',
			kind: 'payment',
			slug,
			state: 3,
			state_label: 'paid',
			paid: true,
			amount: 50000,
			payed_amount: 47203.5,
			payer: { name: 'Ana', id: '1020304050', id_type: 'CC' },
			verified: true,
			body,
		});
		expect((answer.items[0].payment as Record<string, unknown>).state_label).toBe('paid');
		expect(await sandbox.control.count('GET /pay_detail/{url}')).toBe(1);
	});

	it('leaves the answer to n8n, once it has registered the run, and has the repeat record saved all the same', async () => {
		const { body } = await paidPayment();
		const database = new StaticDataDatabase();
		const harness = await PayTriggerHarness.create(allEvents, sandboxCredentials(sandbox), {
			database,
			// Its own: the trigger keeps the records of a workflow's trigger in memory too.
			workflowId: 'answered-by-n8n',
		});
		const answer = await harness.receive({ body, query: secret });
		expect(answer.items).toHaveLength(1);
		expect(answer.answeredByN8n).toBe(true);
		expect(answer.response).toEqual({ status: 200, body: { received: true } });
		// Nothing about the payment or the secret in the answer: the sender learns only that it
		// arrived.
		expect(JSON.stringify(answer.response)).not.toContain(TEST_CALLBACK_SECRET);
		// n8n 2.41 clears the changed mark while registering the run, before it saves.
		expect(Object.keys(savedRepeatRecords(harness.staticData))).toEqual([
			`payment:${body.url as string}:3`,
		]);
		expect(database.writes).toBe(1);
	});

	it('sets its webhook\'s responseData empty: n8n answers with the node\'s answer, not the text "firstEntryJson"', async () => {
		const { nodeTypes, typeName } = await loadBuiltPackage();
		const { webhooks } = (nodeTypes.getByName(typeName('payTrigger')) as INodeType).description;
		expect(webhooks?.[0]).toMatchObject({ responseMode: 'onReceived', responseData: '' });
	});

	it('reads the credential once per callback, for the secret and the verification together', async () => {
		const { body } = await paidPayment();
		const harness = await trigger();
		const answer = await harness.receive({ body, query: secret });
		expect(answer.items).toHaveLength(1);
		// The verification request goes out with the credential already read, not a second read.
		expect(await sandbox.control.count('GET /pay_detail/{url}')).toBe(1);
		expect(harness.credentials.decryptions).toBe(1);
	});

	it('reads a form-encoded callback the same way', async () => {
		const { slug, body } = await paidPayment();
		const form = new URLSearchParams(
			Object.entries(body).map(([key, value]): [string, string] => [key, String(value)]),
		).toString();
		const answer = await (
			await trigger()
		).receive({
			body: Object.fromEntries(new URLSearchParams(form)),
			rawBody: form,
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			query: secret,
		});
		expect(answer.items[0]).toMatchObject({
			slug,
			state: 3,
			paid: true,
			amount: 50000,
			verified: true,
		});
	});

	it('reads a raw body n8n did not parse (and one encoded twice)', async () => {
		const { slug, body } = await paidPayment();
		const raw = await (
			await trigger()
		).receive({ body: {}, rawBody: JSON.stringify(JSON.stringify(body)), query: secret });
		expect(raw.items[0]).toMatchObject({ slug, paid: true });
	});

	// From version 2 n8n leaves a body of a type it does not parse unread; version 1 read every body.
	it.each([
		['a type n8n does not parse', 'application/octet-stream', 2],
		['no type at all', '', 2],
		['a type n8n does not parse, version 1', 'application/octet-stream', 1],
	])('reads a JSON callback sent with %s', async (_name, contentType, typeVersion) => {
		const { slug, body } = await paidPayment();
		const harness = await PayTriggerHarness.create(
			allEvents as never,
			sandboxCredentials(sandbox),
			{ typeVersion },
		);
		const answer = await harness.receive({
			body: {},
			rawBody: JSON.stringify(body),
			headers: { 'content-type': contentType },
			query: secret,
		});
		expect(answer.response?.status).toBe(200);
		expect(answer.items).toHaveLength(1);
		expect(answer.items[0]).toMatchObject({ slug, paid: true, verified: true, body });
	});

	// Version 2 spares n8n an expression per callback (bench/triggerLoad.ts measures it).
	it('is created at version 2, and keeps version 1 for workflows saved with it', async () => {
		const { nodeTypes, typeName } = await loadBuiltPackage();
		const { description } = nodeTypes.getByName(typeName('payTrigger')) as INodeType;
		expect(description.defaultVersion).toBe(2);
		expect(description.version).toEqual([1, 2]);
	});

	it('emits withdrawal status changes with a readable label (no API verification for them)', async () => {
		const answer = await (
			await trigger()
		).receive({
			body: {
				id: 7,
				state: 2,
				amount: 20000,
				date_updated: '2026-11-23T10:00:00Z',
				account_key: '@demo',
				bank_name: 'Bre-B',
				note: '',
			},
			query: secret,
		});
		expect(answer.items[0]).toMatchObject({
			event: 'withdrawal.status_changed',
			withdrawal_id: '7',
			state: 2,
			state_label: 'deposited',
			amount: 20000,
			account_key: '@demo',
			verified: false,
		});
	});

	it.each([
		['missing', {}],
		['wrong', { token: 'not-the-secret' }],
		['empty', { token: '' }],
	])('answers 401 and starts nothing when the secret is %s', async (_name, query) => {
		const { body } = await paidPayment();
		const answer = await (await trigger()).receive({ body, query });
		expect(answer.response?.status).toBe(401);
		expect(answer.items).toHaveLength(0);
		expect(JSON.stringify(answer.response)).not.toContain(TEST_CALLBACK_SECRET);
		expect(await sandbox.control.count('GET /pay_detail/{url}')).toBe(0);
	});

	it("says in its 401 and in n8n's log that the credential has no Callback Secret, showing no secret", async () => {
		const { body } = await paidPayment();
		const harness = await PayTriggerHarness.create(
			allEvents as never,
			sandboxCredentials(sandbox, sandbox.demo, { callbackSecret: '' }),
		);
		const answer = await harness.receive({ body, query: secret });
		expect(answer.response?.status).toBe(401);
		const message = (answer.response?.body as { message: string }).message;
		expect(message).toMatch(/^The credential has no Callback Secret/);
		expect(message).toMatch(/turn off Options → Require Callback Secret$/);
		expect(answer.logs).toEqual([`warn: Pay Trigger refused a callback: ${message}`]);
		expect(JSON.stringify([answer.response, answer.logs])).not.toContain(TEST_CALLBACK_SECRET);
		expect(answer.items).toHaveLength(0);
		expect(await sandbox.control.count('GET /pay_detail/{url}')).toBe(0);

		// The way out the message gives: with the check off, the callback starts the workflow.
		const unchecked = await PayTriggerHarness.create(
			{ ...allEvents, options: { requireSecret: false } } as never,
			sandboxCredentials(sandbox, sandbox.demo, { callbackSecret: '' }),
		);
		expect((await unchecked.receive({ body })).items).toHaveLength(1);
	});

	it.each([
		['not JSON', { body: {}, rawBody: '<xml>hi</xml>' }],
		['empty', { body: {}, rawBody: '' }],
		['huge', { body: { url: 'abc', state: 3, filler: 'x'.repeat(70_000) } }],
		['missing fields', { body: { hello: 'world' } }],
		['a JSON array', { body: {}, rawBody: '[1,2]' }],
	])('answers a clear 400 for a body that is %s, and starts nothing', async (_name, request) => {
		const answer = await (await trigger()).receive({ ...request, query: secret });
		expect(answer.response?.status).toBe(400);
		expect(String((answer.response?.body as { message: string }).message)).toMatch(
			/body|callback/i,
		);
		expect(answer.items).toHaveLength(0);
	});

	it('emits a repeated callback once within the window, again after it', async () => {
		const { body } = await paidPayment();
		const window = 0.02; // 1.2 seconds of the clock the records are kept by
		// The records' clock is Date.now: held still, so a slow machine cannot outlast the window.
		const realNow = Date.now();
		let elapsed = 0;
		const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow + elapsed);
		try {
			const harness = await trigger({ ...allEvents, options: { repeatWindowMinutes: window } });
			expect((await harness.receive({ body, query: secret })).items).toHaveLength(1);
			elapsed = window * 60_000 - 100;
			const repeat = await harness.receive({ body, query: secret });
			expect(repeat.items).toHaveLength(0);
			expect(repeat.response).toEqual({
				status: 200,
				body: expect.objectContaining({ received: true }),
			});
			elapsed = window * 60_000 + 200;
			expect((await harness.receive({ body, query: secret })).items).toHaveLength(1);
		} finally {
			clock.mockRestore();
		}
	});

	it('drops a forged "paid" callback for an unpaid object (200, nothing starts)', async () => {
		const client = await login(sandbox);
		const unpaid = await createPayment(client);
		const answer = await (
			await trigger()
		).receive({
			body: { payed: true, url: unpaid.url, state: 3, amount: '50000.00' },
			query: secret,
		});
		expect(answer.items).toHaveLength(0);
		expect(answer.response?.status).toBe(200);
		expect(JSON.stringify(answer.response?.body)).toMatch(/the service says 0/);
	});

	it('does not emit unverified when the service cannot be asked (503)', async () => {
		const { body } = await paidPayment();
		await sandbox.control.injectFault({ route: 'GET /pay_detail/{url}', status: 500, times: 10 });
		const answer = await (await trigger()).receive({ body, query: secret });
		expect(answer.response?.status).toBe(503);
		expect(answer.items).toHaveLength(0);
	});

	it('applies the event filter, the sender allow-list, and can skip the API check', async () => {
		const { body } = await paidPayment();
		const onlyWithdrawals = await trigger({ events: ['withdrawal'], options: {} });
		const filtered = await onlyWithdrawals.receive({ body, query: secret });
		expect(filtered.items).toHaveLength(0);
		expect(filtered.response?.status).toBe(200);

		const allowList = await trigger({
			...allEvents,
			options: { allowedIps: '203.0.113.10, 203.0.113.11' },
		});
		expect(
			(await allowList.receive({ body, query: secret, ip: '198.51.100.1' })).response?.status,
		).toBe(403);
		expect(
			(await allowList.receive({ body, query: secret, ip: '::ffff:203.0.113.11' })).items,
		).toHaveLength(1);

		await sandbox.control.resetCounters();
		const unverified = await trigger({ ...allEvents, options: { verifyWithApi: false } });
		const answer = await unverified.receive({
			body: { ...body, state: 1, payed: false },
			query: secret,
		});
		expect(answer.items[0]).toMatchObject({
			event: 'payment.state_changed',
			state_label: 'in_process',
			verified: false,
		});
		expect(await sandbox.control.count('GET /pay_detail/{url}')).toBe(0);
	});

	it('keeps its own registration state for activation (the service has no registration endpoint)', async () => {
		const { PayTrigger } = await import('../../../nodes/PayTrigger/PayTrigger.node');
		const staticData: Record<string, unknown> = {};
		const hooks = new PayTrigger().webhookMethods.default;
		const context = {
			getWorkflowStaticData: () => staticData,
			getNode: () => ({ name: 'Pay Trigger' }),
			getNodeParameter: () => ({}),
		} as never;
		expect(await hooks.checkExists.call(context)).toBe(false);
		expect(await hooks.create.call(context)).toBe(true);
		expect(await hooks.checkExists.call(context)).toBe(true);
		expect(await hooks.delete.call(context)).toBe(true);
		expect(await hooks.checkExists.call(context)).toBe(false);
	});
});

/**
 * A server standing for n8n's webhook: every callback it receives goes to the trigger, the events
 * it gives are kept in `events`. Its address carries the callback secret.
 */
async function webhookFor(harness: PayTriggerHarness, events: Array<Record<string, unknown>>) {
	const { createServer } = await import('http');
	const server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const raw = Buffer.concat(chunks).toString();
			const url = new URL(request.url ?? '/', 'http://x');
			harness
				.receive({
					body: {},
					rawBody: raw,
					headers: { 'content-type': String(request.headers['content-type']) },
					query: Object.fromEntries(url.searchParams),
				})
				.then(
					(answer) => {
						events.push(...answer.items);
						response.end('ok');
					},
					() => response.end('error'),
				);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const hook = `http://127.0.0.1:${(server.address() as { port: number }).port}/webhook/pay?token=${TEST_CALLBACK_SECRET}`;
	const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
	return { hook, close };
}

/** A payment paid with Daviplata and a withdrawal advanced, both calling back `hook`. */
async function payByDaviplataAndWithdraw(hook: string): Promise<{ slug: string }> {
	const client = await login(sandbox);
	// platform "API", as the Pay node sends it: the live service calls back only for those.
	const created = await createPayment(client, { callback: hook, platform: 'API' });
	await client.call('POST', `/${created.url}`, {
		name: 'Ana',
		cc: '1',
		email: 'a@b.co',
		document_type: 'CC',
		phone: '3001112233',
		payment: 'daviplata',
	});
	await client.call('POST', '/pay/confirm_daviplata/', {
		URL: created.url,
		OTP: await sandbox.control.otp(created.url as string),
	});
	const withdrawal = await client.call('POST', '/withdraw/co/', {
		amount: 1000,
		account_holder_name: 'D',
		account_type: 8,
		key_value: '@d.key',
		callback: hook,
	});
	await sandbox.control.advanceWithdrawal(withdrawal.data.id);
	return { slug: created.url as string };
}

describe('callbacks sent by the sandbox itself', () => {
	it('a Daviplata confirmation and a withdrawal advance reach the trigger and come out as events', async () => {
		const events: Array<Record<string, unknown>> = [];
		const { hook, close } = await webhookFor(await trigger(), events);
		try {
			const { slug } = await payByDaviplataAndWithdraw(hook);
			const deadline = Date.now() + 5000;
			while (events.length < 2 && Date.now() < deadline)
				await new Promise((resolve) => setTimeout(resolve, 20));
			expect(events.map((event) => event.event).sort()).toEqual([
				'payment.paid',
				'withdrawal.status_changed',
			]);
			expect(events.find((event) => event.kind === 'payment')).toMatchObject({
				slug,
				verified: true,
				payment_method: 'daviplata',
			});
			expect(events.find((event) => event.kind === 'withdrawal')).toMatchObject({
				state_label: 'in_process',
			});
		} finally {
			await close();
		}
	});
});
