/** Payment objects in the observed profile: what the service's clients see (docs/SERVICE.md). */
import type { Sandbox } from '../../sandbox';
import { CREATION_REFUSED_SENTENCE } from '../../sandbox/failureBodies';
import { createPayment, PSE_METHODS, useSandboxWithDemoClient } from './apiClient';
import type { ApiClient } from './apiClient';

let sandbox: Sandbox;
let demo: ApiClient;

useSandboxWithDemoClient(
	{ profile: 'observed' },
	(started, client) => ([sandbox, demo] = [started, client]),
);

const creation = {
	amount: 50000,
	description: 'Invoice 1',
	payment_method_enabled: PSE_METHODS,
	payer_redirect_url: 'https://shop.example/thanks',
	callback: 'https://shop.example/callback',
};

describe('observed profile: payment objects', () => {
	it('answers a creation with 201', async () => {
		expect((await demo.call('POST', '/pay/', creation)).status).toBe(201);
	});

	it('calls back only for an object created with platform "API"', async () => {
		const withApi = await createPayment(demo, { platform: 'API' });
		const without = await createPayment(demo);
		const other = await createPayment(demo, { platform: 'n8n' });
		expect(without.platform).toBe('');
		for (const created of [withApi, without, other])
			await sandbox.control.pay(created.url as string);
		const deliveries = await sandbox.control.callbacks();
		expect(deliveries.map((delivery) => delivery.body.url)).toEqual([withApi.url]);
	});

	it('reads dates in epoch milliseconds, date_payed "" while unpaid, the amount as an integer', async () => {
		const before = Date.now();
		const created = await createPayment(demo);
		const { data } = await demo.call('GET', `/pay_detail/${created.url}`);
		expect(data.date_created).toBeGreaterThanOrEqual(before - 1000);
		expect(data.date_created).toBeLessThanOrEqual(Date.now());
		expect(data.date_expired).toBeGreaterThan(data.date_created);
		expect(data.date_payed).toBe('');
		expect(data.amount).toBe(50000);
		expect(Number.isInteger(data.amount)).toBe(true);
	});

	it('edits with payment_methods (the documented example) or payment_method_enabled, answering the documented fields', async () => {
		const created = await createPayment(demo);
		const methods = JSON.stringify({ NEQUI: true });
		const edited = await demo.call('POST', '/edit_pay/', {
			url: created.url,
			payment_methods: methods,
			description: 'Changed',
		});
		expect(edited.status).toBe(200);
		expect(Object.keys(edited.data).sort()).toEqual([
			'amount',
			'date_created',
			'description',
			'fee_amount',
			'iva_amount',
			'payed_amount',
			'url',
		]);
		expect(edited.data).toMatchObject({ description: 'Changed', url: created.url, amount: 50000 });
		expect((await sandbox.control.payment(created.url as string)).methodsJson).toBe(methods);
		await demo.call('POST', '/edit_pay/', {
			url: created.url,
			payment_method_enabled: PSE_METHODS,
		});
		expect((await sandbox.control.payment(created.url as string)).methodsJson).toBe(PSE_METHODS);
		const notString = await demo.call('POST', '/edit_pay/', {
			url: created.url,
			payment_methods: { pse: true },
		});
		expect(notString.status).toBe(400);
	});

	it('refuses editing or expiring a paid object with {"result": "PAY_IS_PAYED"} (403)', async () => {
		const created = await createPayment(demo);
		await sandbox.control.pay(created.url as string);
		for (const [path, body] of [
			['/edit_pay/', { url: created.url, description: 'Late' }],
			['/pay/update_to_expired/', { url: created.url }],
		] as const) {
			const refused = await demo.call('POST', path, body);
			expect(refused.status).toBe(403);
			expect(refused.data).toEqual({ result: 'PAY_IS_PAYED' });
		}
	});

	it.each([
		['methods as an object', { payment_method_enabled: { pse: true } }],
		['no payer_redirect_url', { payer_redirect_url: undefined }],
		['an empty payer_redirect_url', { payer_redirect_url: ' ' }],
		['no callback', { callback: undefined }],
		['an empty callback', { callback: '' }],
	])(
		'refuses a creation with %s: 403 {"error": <sentence>}, nothing created',
		async (_name, fields) => {
			const refused = await demo.call('POST', '/pay/', { ...creation, ...fields });
			expect(refused.status).toBe(403);
			expect(refused.data).toEqual({ error: CREATION_REFUSED_SENTENCE });
			expect(await sandbox.control.payments()).toEqual([]);
		},
	);

	it('accepts a creation without callback only when refuseCreationWithoutCallback is turned off', async () => {
		expect((await sandbox.control.settings()).refuseCreationWithoutCallback).toBe(true);
		await sandbox.control.settings({ refuseCreationWithoutCallback: false });
		try {
			const created = await demo.call('POST', '/pay/', { ...creation, callback: undefined });
			expect(created.status).toBe(201);
			expect(created.data.callback).toBe('');
		} finally {
			await sandbox.control.settings({ refuseCreationWithoutCallback: true });
		}
	});

	it('answers a refused field as a field map (400)', async () => {
		const refused = await demo.call('POST', '/pay/', { ...creation, amount: 'abc' });
		expect(refused.status).toBe(400);
		expect(refused.data).toEqual({ amount: ['A valid number is required.'] });
	});
});

describe("spec profile: payment objects keep the spec's shapes", () => {
	let spec: Sandbox;
	let client: ApiClient;
	useSandboxWithDemoClient(
		{ profile: 'spec' },
		(started, demoClient) => ([spec, client] = [started, demoClient]),
	);

	it('accepts a creation without callback or payer_redirect_url (the spec shows no required field)', async () => {
		const created = await client.call('POST', '/pay/', {
			...creation,
			callback: undefined,
			payer_redirect_url: undefined,
		});
		expect(created.status).toBe(201);
		expect(created.data).toMatchObject({ callback: '', payer_redirect_url: '' });
		expect(await spec.control.payments()).toHaveLength(1);
	});

	it('calls back without platform, reads dates in seconds, edits answer {}', async () => {
		const created = await createPayment(client);
		expect(created.platform).toBe('API');
		const { data } = await client.call('GET', `/pay_detail/${created.url}`);
		expect(data.date_created).toBeLessThan(1e11);
		expect(
			(await client.call('POST', '/edit_pay/', { url: created.url, description: 'x' })).data,
		).toEqual({});
		await spec.control.pay(created.url as string);
		expect(await spec.control.callbacks()).toHaveLength(1);
	});
});
