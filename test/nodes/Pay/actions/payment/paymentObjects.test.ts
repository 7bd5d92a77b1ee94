/** Payment resource through n8n's engine against the sandbox. */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../../sandbox';
import { refuseNextRecords } from '../../../../harness/memoryDeduplicator';
import { runPayNode } from '../../../../harness/runWorkflow';
import { sandboxCredentials, TEST_CALLBACK_SECRET } from '../../../../harness/sandboxCredentials';
import { runDataText, secretsFoundIn } from '../../../../harness/secretScan';
import { useSandboxPerFile } from '../../../../harness/sandboxPerFile';
import { profileUnderTest } from '../../../../harness/sandboxProfile';

let sandbox: Sandbox;

useSandboxPerFile((started) => (sandbox = started));

const createParameters = {
	resource: 'payment',
	operation: 'create',
	amount: '={{ $json.amount }}',
	description: '={{ $json.description }}',
	paymentMethods: ['pse', 'daviplata', 'NEQUI'],
	payerRedirectUrl: 'https://shop.example/thanks',
	callbackUrl: 'https://hooks.example/webhook/pay',
	expirationDays: 3,
	options: {},
};

const run = (parameters: Record<string, unknown>, input?: IDataObject[], settings = {}) =>
	runPayNode({
		parameters: parameters as never,
		input,
		credentials: sandboxCredentials(sandbox),
		settings,
	});

describe('Payment → Create', () => {
	it('creates an object with the methods as a JSON string and returns a normalised view', async () => {
		const { items, error } = await run(createParameters, [
			{ amount: '50000', description: 'Invoice 1' },
		]);
		expect(error).toBeUndefined();
		const out = items[0].json as Record<string, unknown> & {
			slug: string;
			raw: Record<string, unknown>;
		};
		expect(out).toMatchObject({
			amount: 50000,
			state: 0,
			state_label: 'created',
			payment_methods: { pse: true, daviplata: true, NEQUI: true },
			expiration_days: 3,
		});
		expect(out.slug).toMatch(/^[A-Za-z0-9]+$/);
		expect(out.payment_page_url).toBe(`${sandbox.baseUrl}/_sandbox/checkout/${out.slug}`);
		expect(out.raw.amount).toBe('50000.00');
		expect(typeof out.payed_amount).toBe('number');
		const stored = await sandbox.control.payment(out.slug);
		expect(JSON.parse(stored.methodsJson)).toEqual({ pse: true, daviplata: true, NEQUI: true });
		expect(stored.idempotencyKey).toMatch(/^ref-[0-9a-f]{32}$/);
		const callback = new URL(stored.callback);
		expect(callback.searchParams.get('token')).toBe(TEST_CALLBACK_SECRET);
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it('sends the callback secret to the service but never shows it: the echoed callback URL reads token=***', async () => {
		const { items } = await run(createParameters, [{ amount: 1000, description: 'Invoice 2' }]);
		const stored = await sandbox.control.payment(items[0].json.slug as string);
		expect(new URL(stored.callback).searchParams.get('token')).toBe(TEST_CALLBACK_SECRET);
		expect(items[0].json.callback).toBe('https://hooks.example/webhook/pay?token=***');
		expect(secretsFoundIn(runDataText(items), [TEST_CALLBACK_SECRET])).toEqual([]);
	});

	it('gives each item the callback URL it maps, each with the secret, in one run', async () => {
		const { items, error } = await run(
			{ ...createParameters, callbackUrl: '={{ $json.callback }}' },
			['a', 'b', 'a'].map((hook, index) => ({
				amount: 1000 + index,
				description: `Invoice ${index}`,
				callback: `https://hooks.example/webhook/${hook}`,
			})),
		);
		expect(error).toBeUndefined();
		const sent = await Promise.all(
			items.map(async (item) => (await sandbox.control.payment(item.json.slug as string)).callback),
		);
		expect(sent).toEqual(
			['a', 'b', 'a'].map(
				(hook) => `https://hooks.example/webhook/${hook}?token=${TEST_CALLBACK_SECRET}`,
			),
		);
	});

	it("sends options and raw additional fields, with the user's own idempotency key", async () => {
		const { items } = await run(
			{
				...createParameters,
				options: {
					clientAssumeCosts: true,
					notSendEmail: true,
					platform: 'n8n',
					idempotencyKey: 'INV-77',
					otherMethodKeys: 'Bre-B',
					additionalFields: '{"reference": "R-1"}',
					addCallbackSecret: false,
				},
			},
			[{ amount: 1000, description: 'x' }],
		);
		const stored = await sandbox.control.payment(items[0].json.slug as string);
		expect(stored).toMatchObject({
			idempotencyKey: 'INV-77',
			extra: { reference: 'R-1' },
			callback: 'https://hooks.example/webhook/pay',
		});
		expect(JSON.parse(stored.methodsJson)).toMatchObject({ 'Bre-B': true });
	});

	it.each([
		[{ amount: 0 }, 'Amount (COP)'],
		[{ amount: 'ten' }, 'Amount (COP)'],
		[{ amount: -3 }, 'Amount (COP)'],
		[{ amount: 50000.555 }, 'Amount (COP)'],
		[{ amount: '1,250.999' }, 'Amount (COP)'],
		[{ description: '  ' }, 'Description'],
	])('refuses bad input %j before sending, naming the field', async (item, field) => {
		const { items } = await run(createParameters, [{ amount: 1000, description: 'ok', ...item }], {
			continueOnFail: true,
		});
		expect(items[0].json).toMatchObject({ outcome: 'not_sent', field });
		expect(String(items[0].json.error)).toContain(field);
		expect(await sandbox.control.count('POST /pay/')).toBe(0);
	});

	it('refuses an empty method set and a malformed redirect URL, naming the field', async () => {
		const empty = await run(
			{ ...createParameters, paymentMethods: '={{ [] }}' },
			[{ amount: 10, description: 'x' }],
			{ continueOnFail: true },
		);
		expect(empty.items[0].json).toMatchObject({ field: 'Payment Methods', outcome: 'not_sent' });
		const badUrl = await run(
			{ ...createParameters, payerRedirectUrl: 'shop.example' },
			[{ amount: 10, description: 'x' }],
			{ continueOnFail: true },
		);
		expect(badUrl.items[0].json).toMatchObject({ field: 'Payer Redirect URL' });
	});

	it('refuses a Payer Redirect URL mapped empty, naming the field, instead of leaving it out', async () => {
		// The editor requires the field, but a mapping can still give nothing: the service asks that it
		// always be included.
		const mapped = { ...createParameters, payerRedirectUrl: '={{ $json.redirect }}' };
		const { items } = await run(
			mapped,
			[
				{ amount: 10, description: 'x' },
				{ amount: 10, description: 'x', redirect: '  ' },
			],
			{ continueOnFail: true },
		);
		for (const item of items) {
			expect(item.json).toMatchObject({ field: 'Payer Redirect URL', outcome: 'not_sent' });
			expect(item.json.error).toMatch(
				/^Payer Redirect URL: is empty; give the page the payer lands on after paying/,
			);
		}
		expect(await sandbox.control.count('POST /pay/')).toBe(0);
	});

	it('with Continue On Fail returns every item of a mixed batch, errors paired to their inputs', async () => {
		const input = [
			{ amount: 1000, description: 'a' },
			{ amount: -1, description: 'b' },
			{ amount: 3000, description: 'c' },
			{ amount: 'x', description: 'd' },
		];
		const { items } = await run(createParameters, input, { continueOnFail: true });
		expect(items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(items.map((item) => item.json.error === undefined)).toEqual([true, false, true, false]);
		expect(items[2].json.amount).toBe(3000);
		expect(await sandbox.control.payments()).toHaveLength(2);
	});

	it('never creates a second object when the answer is lost and n8n retries the node (Retry On Fail)', async () => {
		await sandbox.control.injectFault({ route: 'POST /pay/', status: 500, afterProcessing: true });
		const { items, error } = await run(
			createParameters,
			[{ amount: 1000, description: 'lost answer' }],
			{
				retryOnFail: true,
				maxTries: 3,
				waitBetweenTries: 1,
			},
		);
		expect(await sandbox.control.payments()).toHaveLength(1);
		// The object exists but its answer was lost: the error says so rather than creating another.
		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(/already carried out by an earlier attempt/);
		expect(await sandbox.control.count('POST /pay/')).toBeGreaterThanOrEqual(2);
	});

	it('retries a creation refused before processing (503) and creates exactly one object', async () => {
		await sandbox.control.injectFault({ route: 'POST /pay/', status: 503, retryAfter: 0 });
		const { items, error } = await run(createParameters, [
			{ amount: 1000, description: 'retry me' },
		]);
		expect(error).toBeUndefined();
		expect(items[0].json.state_label).toBe('created');
		expect(await sandbox.control.count('POST /pay/')).toBe(2);
		expect(await sandbox.control.payments()).toHaveLength(1);
	});

	it('reports the service detail of a refused creation', async () => {
		const { error } = await run({ ...createParameters, expirationDays: 999 }, [
			{ amount: 1000, description: 'x' },
		]);
		expect(error?.message).toContain('expiration_days: Ensure this value is between 1 and 365.');
		expect(error?.httpCode).toBe('400');
	});
});

describe('Payment → Create asks for the Callback URL (the live service refuses a creation without one)', () => {
	const noCallback = { ...createParameters, callbackUrl: '' };
	const mappedCallback = { ...createParameters, callbackUrl: '={{ $json.callback }}' };

	/** Nothing at all reached the service: no creation, not even a token. */
	async function nothingSent(): Promise<void> {
		expect(await sandbox.control.counters()).toEqual({});
		expect(await sandbox.control.payments()).toEqual([]);
	}

	it('fails without one with an input error naming it and saying what to put there, sending nothing', async () => {
		const { error, items } = await run(noCallback, [{ amount: 1000, description: 'a' }]);
		expect(items).toEqual([]);
		expect(error).toMatchObject({ name: 'NodeOperationError' });
		expect(error?.message).toMatch(/^Callback URL: is empty; the service refuses a payment link/);
		expect(error?.message).toContain("a Pay Trigger's Production URL");
		expect(error?.message).toContain('No Pay Trigger? Any URL of yours');
		expect(error?.message).toContain('no callback reaches n8n');
		expect(error?.description).toBe('Nothing was sent to the service.');
		await nothingSent();
	});

	it('with Continue On Fail pairs each error to its input, mapped empty or blank alike', async () => {
		const { error, items } = await run(
			mappedCallback,
			[
				{ amount: 1000, description: 'a' },
				{ amount: 2000, description: 'b', callback: '  ' },
				{ amount: 3000, description: 'c', callback: '' },
			],
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		for (const item of items) {
			expect(item.json).toMatchObject({ outcome: 'not_sent', field: 'Callback URL' });
			expect(String(item.json.error)).toMatch(/^Callback URL: is empty/);
		}
		await nothingSent();
	});

	it('in a mixed batch creates the items that have one and fails only the others', async () => {
		const hook = 'https://hooks.example/webhook/pay';
		const { items } = await run(
			mappedCallback,
			[
				{ amount: 1000, description: 'a', callback: hook },
				{ amount: 2000, description: 'b' },
				{ amount: 3000, description: 'c', callback: hook },
			],
			{ continueOnFail: true },
		);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items.map((item) => item.json.amount ?? item.json.field)).toEqual([
			1000,
			'Callback URL',
			3000,
		]);
		expect(await sandbox.control.count('POST /pay/')).toBe(2);
	});

	it("creates with a Pay Trigger's URL (secret added) or any URL of one's own (secret off)", async () => {
		const trigger = await run(createParameters, [{ amount: 1000, description: 'a' }]);
		const own = await run(
			{
				...createParameters,
				callbackUrl: 'https://shop.example/orders',
				options: { addCallbackSecret: false },
			},
			[{ amount: 2000, description: 'b' }],
		);
		expect([trigger.error, own.error]).toEqual([undefined, undefined]);
		const stored = await Promise.all(
			[trigger, own].map(
				async ({ items }) => await sandbox.control.payment(items[0].json.slug as string),
			),
		);
		expect(stored.map((payment) => [payment.callback, payment.payerRedirectUrl])).toEqual([
			[
				`https://hooks.example/webhook/pay?token=${TEST_CALLBACK_SECRET}`,
				'https://shop.example/thanks',
			],
			['https://shop.example/orders', 'https://shop.example/thanks'],
		]);
	});
});

describe('a Callback URL when the credential has no Callback Secret', () => {
	// The Pay Trigger refuses (401) every callback without the secret: sending such a URL would lose
	// them all, silently.
	const withoutSecret = (
		parameters: Record<string, unknown>,
		input?: IDataObject[],
		settings = {},
	) =>
		runPayNode({
			parameters: parameters as never,
			input,
			credentials: sandboxCredentials(sandbox, sandbox.demo, { callbackSecret: '' }),
			settings,
		});
	const item = [{ amount: 1000, description: 'no secret' }];

	it('fails the item before sending, naming Callback URL and the two ways out', async () => {
		const { items } = await withoutSecret(createParameters, item, { continueOnFail: true });
		expect(items[0].json).toMatchObject({ field: 'Callback URL', outcome: 'not_sent' });
		expect(items[0].json.error).toMatch(/^Callback URL: the credential has no Callback Secret/);
		expect(items[0].json.error).toMatch(
			/Set a Callback Secret in the credential, or turn off Options → Add Callback Secret$/,
		);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(await sandbox.control.count('POST /pay/')).toBe(0);

		const stopped = await withoutSecret(createParameters, item);
		expect(stopped.error?.message).toMatch(/^Callback URL: the credential has no Callback Secret/);
		expect(await sandbox.control.count('POST /pay/')).toBe(0);
	});

	it('creates the object when Add Callback Secret is off; without a Callback URL, asks for the URL first', async () => {
		const off = await withoutSecret(
			{ ...createParameters, options: { addCallbackSecret: false } },
			item,
		);
		expect(off.error).toBeUndefined();
		expect((await sandbox.control.payment(off.items[0].json.slug as string)).callback).toBe(
			'https://hooks.example/webhook/pay',
		);
		// The service refuses a creation without a callback: the missing URL is named, not the secret.
		const none = await withoutSecret({ ...createParameters, callbackUrl: '' }, item);
		expect(none.error?.message).toMatch(/^Callback URL: is empty;/);
		expect(await sandbox.control.count('POST /pay/')).toBe(1);
	});

	it('fails Update the same way, pointing at the switch under Update Fields', async () => {
		const { items: created } = await run(createParameters, item);
		const slug = created[0].json.slug as string;
		const { items } = await withoutSecret(
			{
				resource: 'payment',
				operation: 'update',
				slug,
				updateFields: { description: 'Renamed', callbackUrl: 'https://hooks.example/webhook/pay' },
			},
			undefined,
			{ continueOnFail: true },
		);
		expect(items[0].json).toMatchObject({ field: 'Callback URL', outcome: 'not_sent' });
		expect(items[0].json.error).toMatch(/turn off Update Fields → Add Callback Secret$/);
		expect(await sandbox.control.count('POST /edit_pay/')).toBe(0);
	});
});

describe('Payment → Get, Update, Expire, Estimate Fees', () => {
	async function created(): Promise<string> {
		const { items } = await run(createParameters, [{ amount: 20000, description: 'to read' }]);
		return items[0].json.slug as string;
	}

	it('gets an object by slug or by page link, with numbers and a label', async () => {
		const slug = await created();
		await sandbox.control.pay(slug, 'pse');
		const { items } = await run(
			{ resource: 'payment', operation: 'get', slug: '={{ $json.slug }}' },
			[{ slug }, { slug: `${sandbox.baseUrl}/_sandbox/checkout/${slug}` }],
		);
		for (const item of items) {
			expect(item.json).toMatchObject({
				slug,
				amount: 20000,
				state: 3,
				state_label: 'paid',
				payment_method: 'pse',
			});
			// The detail read's numeric date (milliseconds or seconds, by profile) as ISO text, as Create
			// gives it.
			expect(item.json.date_created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
			expect(item.json.date_payed).toMatch(/^\d{4}-\d{2}-\d{2}T/);
		}
	});

	it('reads the credential once per execution, not once per item or request (n8n decrypts it on every read)', async () => {
		const slug = await created();
		await sandbox.control.resetCounters();
		const { items, credentials } = await run({ resource: 'payment', operation: 'get', slug }, [
			{},
			{},
			{},
			{},
			{},
		]);
		expect(items).toHaveLength(5);
		const requests = await sandbox.control.count('GET /pay_detail/{url}');
		expect(requests).toBe(5);
		// The node hands what it read to n8n's HTTP helper, which would otherwise read it per request.
		expect(credentials.decryptions).toBe(1);
	});

	it('reports an unknown slug with the service detail and a missing slug before sending', async () => {
		const unknown = await run(
			{ resource: 'payment', operation: 'get', slug: 'nosuch1' },
			undefined,
			{ continueOnFail: true },
		);
		expect(unknown.items[0].json).toMatchObject({ httpCode: '404', outcome: 'failed' });
		// What the node was doing, in English, then the service's words; never its creation sentence.
		expect(unknown.items[0].json.error).toBe(
			'Reading the payment object nosuch1: the service answered HTTP 404: No existe un pago con url nosuch1',
		);
		expect(JSON.stringify(unknown.items[0].json)).not.toContain('creación');
		const stopped = await run({ resource: 'payment', operation: 'get', slug: 'nosuch1' });
		expect(stopped.error?.message).toMatch(/^Reading the payment object nosuch1: /);
		expect(JSON.stringify(stopped.error)).not.toContain('creación');
		const missing = await run(
			{ resource: 'payment', operation: 'get', slug: '={{ $json.slug }}' },
			[{}],
			{ continueOnFail: true },
		);
		expect(missing.items[0].json).toMatchObject({ field: 'Payment Slug', outcome: 'not_sent' });
	});

	it('updates known and raw fields and returns the object as it now is', async () => {
		const slug = await created();
		const { items, error } = await run({
			resource: 'payment',
			operation: 'update',
			slug,
			updateFields: { description: 'Changed', amount: 25000, paymentMethods: ['breb'] },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			slug,
			description: 'Changed',
			amount: 25000,
			payment_methods: { breb: true },
		});
		expect(items[0].json.updated_fields).toEqual(
			expect.arrayContaining(['description', 'amount', 'payment_method_enabled']),
		);
		const refused = await run({
			resource: 'payment',
			operation: 'update',
			slug,
			updateFields: { additionalFields: '{"colour":"red"}' },
		});
		expect(refused.error?.message).toContain('colour: field cannot be edited');
		const nothing = await run(
			{ resource: 'payment', operation: 'update', slug, updateFields: {} },
			undefined,
			{ continueOnFail: true },
		);
		expect(nothing.items[0].json.field).toBe('Update Fields');
		await sandbox.control.resetCounters();
		const emptied = await run(
			{ resource: 'payment', operation: 'update', slug, updateFields: { payerRedirectUrl: '' } },
			undefined,
			{ continueOnFail: true },
		);
		expect(emptied.items[0].json).toMatchObject({
			field: 'Payer Redirect URL',
			outcome: 'not_sent',
		});
		expect(await sandbox.control.count('POST /edit_pay/')).toBe(0);
	});

	it('expires an unpaid object and reports the service detail for a paid one', async () => {
		const slug = await created();
		const { items } = await run({ resource: 'payment', operation: 'expire', slug });
		expect(items[0].json).toMatchObject({ slug, expired: true });
		expect((await sandbox.control.payment(slug)).state).toBe(5);
		const paid = await created();
		await sandbox.control.pay(paid);
		const refused = await run({ resource: 'payment', operation: 'expire', slug: paid });
		// The live service answers {"result": "PAY_IS_PAYED"} (403); the spec profile its {error,
		// detail} (409).
		const observed = profileUnderTest() === 'observed';
		expect(refused.error?.message).toContain(
			observed ? 'The payment object is already paid (PAY_IS_PAYED)' : 'ya fue pagado',
		);
		expect(refused.error?.httpCode).toBe(observed ? '403' : '409');
	});

	it('estimates fees as numbers', async () => {
		const { items } = await run({ resource: 'payment', operation: 'estimateFees', amount: 100000 });
		expect(items[0].json).toMatchObject({ amount: 100000, fee: 3800, iva: 722, net_amount: 95478 });
	});
});

describe('Payment → Create idempotency across executions', () => {
	const inWorkflow = (
		parameters: Record<string, unknown>,
		input: IDataObject[],
		mode: 'trigger' | 'manual' = 'trigger',
	) =>
		runPayNode({
			parameters: parameters as never,
			input,
			credentials: sandboxCredentials(sandbox),
			workflowId: 'monthly-invoices',
			mode,
		});

	it("derives the key from the trigger's data: a re-run of the same data (n8n's Retry) creates nothing twice, new data creates anew", async () => {
		const before = (await sandbox.control.payments()).length;
		const first = await inWorkflow(createParameters, [{ amount: 1000, description: 'monthly' }]);
		const rerun = await inWorkflow(createParameters, [{ amount: 1000, description: 'monthly' }]);
		expect(rerun.items[0].json).toMatchObject({
			outcome: 'already_created',
			idempotency_key: (await sandbox.control.payment(first.items[0].json.slug as string))
				.idempotencyKey,
		});
		expect(rerun.items[0].json.message).toMatch(/nothing new was created/);
		// The repeat reads as the first creation: that link, read from the service.
		expect(rerun.items[0].json).toMatchObject({
			slug: first.items[0].json.slug,
			amount: 1000,
			description: 'monthly',
			earlier_answer: 'recorded',
		});
		await inWorkflow(createParameters, [{ amount: 1000, description: 'next month' }]);
		const keys = (await sandbox.control.payments())
			.slice(before)
			.map((payment) => payment.idempotencyKey);
		expect(keys).toHaveLength(2);
		expect(new Set(keys).size).toBe(2);
	});

	it('in the editor (a manual run) every run creates anew, as someone testing expects', async () => {
		const before = (await sandbox.control.payments()).length;
		const input = [{ amount: 1000, description: 'trying it out' }];
		const first = await inWorkflow(createParameters, input, 'manual');
		const second = await inWorkflow(createParameters, input, 'manual');
		expect(second.items[0].json.slug).not.toBe(first.items[0].json.slug);
		expect(await sandbox.control.payments()).toHaveLength(before + 2);
	});

	it('a mapped key seen before creates nothing and says so, without failing the item', async () => {
		const own = { ...createParameters, options: { idempotencyKey: 'INV-2000' } };
		const before = (await sandbox.control.payments()).length;
		await run(own, [{ amount: 1000, description: 'x' }]);
		const again = await run(own, [{ amount: 1000, description: 'y' }]);
		expect(again.error).toBeUndefined();
		expect(again.items[0].json).toMatchObject({
			outcome: 'already_created',
			idempotency_key: 'INV-2000',
			// Another workflow (each run() is one) created it: this node cannot know its slug.
			earlier_answer: 'not_recorded',
		});
		expect(again.items[0].json.slug).toBeUndefined();
		expect(again.items[0].json.message).toMatch(/Its slug is not recorded in this node/);
		expect(await sandbox.control.payments()).toHaveLength(before + 1);
	});

	it("when n8n's database refuses to keep the slug, the link is still created and given, and a repeat says its slug is not recorded: nothing twice, nothing guessed", async () => {
		const own = { ...createParameters, options: { idempotencyKey: 'INV-3100' } };
		const before = (await sandbox.control.payments()).length;
		refuseNextRecords(1);
		const first = await inWorkflow(own, [{ amount: 1200, description: 'kept nowhere' }]);
		expect(first.error).toBeUndefined();
		expect(first.items[0].json.slug).toEqual(expect.any(String));
		const again = await inWorkflow(own, [{ amount: 1200, description: 'kept nowhere' }]);
		expect(again.items[0].json).toMatchObject({
			outcome: 'already_created',
			earlier_answer: 'not_recorded',
		});
		expect(again.items[0].json.slug).toBeUndefined();
		expect(await sandbox.control.payments()).toHaveLength(before + 1);
	});

	it('a repeat whose link the service cannot read now fails the item in words that say what it was doing, and creates nothing', async () => {
		const own = { ...createParameters, options: { idempotencyKey: 'INV-3200' } };
		const first = await inWorkflow(own, [{ amount: 1300, description: 'read fails' }]);
		const slug = first.items[0].json.slug as string;
		const before = (await sandbox.control.payments()).length;
		await sandbox.control.injectFault({ route: 'GET /pay_detail/{url}', status: 404, times: 5 });
		const again = await runPayNode({
			parameters: own as never,
			input: [{ amount: 1300, description: 'read fails' }],
			credentials: sandboxCredentials(sandbox),
			workflowId: 'monthly-invoices',
			mode: 'trigger',
			settings: { continueOnFail: true },
		});
		await sandbox.control.clearFaults();
		expect(String(again.items[0].json.error)).toBe(
			`Reading the payment link ${slug}, created earlier with the idempotency key INV-3200: the service answered HTTP 404: Injected fault 404`,
		);
		expect(await sandbox.control.payments()).toHaveLength(before);
	});

	it('a mapped key this node created with before gives that link as the service shows it now', async () => {
		const own = { ...createParameters, options: { idempotencyKey: 'INV-3000' } };
		const first = await inWorkflow(own, [{ amount: 1500, description: 'first' }]);
		const slug = first.items[0].json.slug as string;
		await sandbox.control.setPaymentState(slug, 3);
		const again = await inWorkflow(own, [{ amount: 9999, description: 'second' }]);
		expect(again.error).toBeUndefined();
		expect(again.items[0].json).toMatchObject({
			outcome: 'already_created',
			slug,
			amount: 1500,
			description: 'first',
			earlier_answer: 'recorded',
		});
		expect(again.items[0].json.state).toBe(3);
		expect(again.items[0].json.message).toBe(
			`A payment object was already created with the idempotency key INV-3000: this is that link (${slug}), nothing new was created`,
		);
	});
});
