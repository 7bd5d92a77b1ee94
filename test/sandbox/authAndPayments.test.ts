import axios from 'axios';

import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { ERROR_SENTENCE } from '../../sandbox/http';
import { createPayment, login, PSE_METHODS, useSandboxWithDemoClient } from './apiClient';
import type { ApiClient } from './apiClient';

let sandbox: Sandbox;
let demo: ApiClient;

useSandboxWithDemoClient(
	{ profile: 'spec', tokenTtlMs: 60_000 },
	(started, client) => ([sandbox, demo] = [started, client]),
);

describe('authentication', () => {
	it('gives an access token for the API key and refresh token, and refuses a wrong refresh token with 401', async () => {
		expect(demo.accessToken).toMatch(/^sandbox-access-/);
		const wrong = await axios.post(
			`${sandbox.baseUrl}/token/refresh/`,
			{ refresh: 'nope' },
			{ headers: { 'x-api-key': sandbox.demo.apiKey }, validateStatus: () => true },
		);
		expect(wrong.status).toBe(401);
		expect(wrong.data).toEqual({ error: ERROR_SENTENCE, detail: 'Token is invalid or expired' });
		const noKey = await axios.post(
			`${sandbox.baseUrl}/token/refresh/`,
			{ refresh: sandbox.demo.refreshToken },
			{ validateStatus: () => true },
		);
		expect(noKey.status).toBe(401);
	});

	it('requires both headers on payment endpoints and the bearer alone on transfers', async () => {
		const withoutKey = await demo.call(
			'POST',
			'/pay/estimate/',
			{ amount: '1000' },
			{ headers: { 'x-api-key': '' } },
		);
		expect(withoutKey.status).toBe(401);
		expect(withoutKey.data.detail).toMatch(/x-api-key/);
		const bearerOnly = await demo.call('GET', '/send/', undefined, {
			headers: { 'x-api-key': '' },
		});
		expect(bearerOnly.status).toBe(200);
		const wrongKey = await demo.call('GET', '/send/', undefined, {
			headers: { 'x-api-key': 'other' },
		});
		expect(wrongKey.status).toBe(401);
		const noBearer = await demo.call('GET', '/send/', undefined, {
			headers: { authorization: '' },
		});
		expect(noBearer.status).toBe(401);
	});

	it('answers 401 once a token has expired', async () => {
		const short = await startSandbox({ port: 0, profile: 'spec', tokenTtlMs: 30 });
		try {
			const client = await login(short);
			expect((await client.call('GET', '/send/')).status).toBe(200);
			await new Promise((resolve) => setTimeout(resolve, 60));
			const expired = await client.call('GET', '/send/');
			expect(expired.status).toBe(401);
			expect(expired.data.detail).toBe('Token is invalid or expired');
		} finally {
			await short.close();
		}
	});

	it('expires every token through the control API', async () => {
		expect(await sandbox.control.expireTokens()).toBeGreaterThan(0);
		expect((await demo.call('GET', '/send/')).status).toBe(401);
	});
});

describe('payment objects', () => {
	it('creates with the creation shape: decimal strings, ISO date, slug, methods as the string sent', async () => {
		const created = await createPayment(demo, {
			idempotency_key: 'k-1',
			platform: 'n8n',
			shipping_note: 'extra',
		});
		expect(created).toMatchObject({
			amount: '50000.00',
			state: 0,
			payment_method_enabled: PSE_METHODS,
			expiration_days: 3,
			idempotency_key: 'k-1',
			platform: 'n8n',
			currency_code: 'COP',
			shipping_note: 'extra',
		});
		expect(created.url).toMatch(/^[A-Za-z0-9]{6,8}$/);
		expect(new Date(created.date_created as string).toISOString()).toBe(created.date_created);
		expect(created.payed_amount).toMatch(/^\d+\.\d{2}$/);
		expect(typeof created.fee_amount).toBe('number');
	});

	it('refuses payment_method_enabled sent as an object, with the spec detail', async () => {
		const response = await demo.call('POST', '/pay/', {
			amount: 1000,
			description: 'x',
			payment_method_enabled: { pse: true },
		});
		expect(response.status).toBe(400);
		expect(response.data).toEqual({
			error: ERROR_SENTENCE,
			detail: 'payment_method_enabled must be a JSON string',
		});
	});

	it.each([
		[{ amount: -5 }, /amount/],
		[{ amount: 'abc' }, /amount/],
		[{ description: '' }, /description/],
		[{ payment_method_enabled: '{}' }, /at least one/],
		[{ payment_method_enabled: '{"pse":"yes"}' }, /booleans/],
		[{ expiration_days: 2.5 }, /expiration_days/],
		[{ callback: 'not a url' }, /callback/],
	])('refuses bad creation input %j', async (fields, detail) => {
		const response = await demo.call('POST', '/pay/', {
			amount: 1000,
			description: 'x',
			payment_method_enabled: PSE_METHODS,
			...fields,
		});
		expect(response.status).toBe(400);
		expect(response.data.detail).toMatch(detail);
	});

	it('refuses a repeated idempotency key and never creates a second object', async () => {
		await createPayment(demo, { idempotency_key: 'same' });
		const again = await demo.call('POST', '/pay/', {
			amount: 1,
			description: 'x',
			payment_method_enabled: PSE_METHODS,
			idempotency_key: 'same',
		});
		expect(again.status).toBe(409);
		expect(again.data.detail).toMatch(/^double_idempotency_key/);
		expect(await sandbox.control.payments()).toHaveLength(1);
	});

	it('reads the detail shape: amounts and dates as numbers', async () => {
		const created = await createPayment(demo);
		const detail = await demo.call('GET', `/pay_detail/${created.url}`);
		expect(detail.status).toBe(200);
		expect(detail.data).toMatchObject({
			amount: 50000,
			state: 0,
			url: created.url,
			description: 'Invoice 1',
			payment_method_enabled: PSE_METHODS,
		});
		expect(typeof detail.data.date_created).toBe('number');
		expect(typeof detail.data.date_expired).toBe('number');
		expect(typeof detail.data.payed_amount).toBe('number');
		expect((await demo.call('GET', '/pay_detail/unknown1')).status).toBe(404);
	});

	it('estimates fees with the documented formula (2.9 % + 900, IVA 19 % of the fee)', async () => {
		const response = await demo.call('POST', '/pay/estimate/', { amount: '100000' });
		expect(response.data).toEqual({
			pay_amount: 100000,
			pay_fee: 3800,
			iva: 722,
			pay_payed_amount: 95478,
		});
	});

	it('edits known fields, refuses unknown ones, and refuses editing a paid object', async () => {
		const created = await createPayment(demo);
		expect(
			(
				await demo.call('POST', '/edit_pay/', {
					url: created.url,
					description: 'Changed',
					amount: 7000,
				})
			).data,
		).toEqual({});
		expect((await sandbox.control.payment(created.url as string)).description).toBe('Changed');
		const unknown = await demo.call('POST', '/edit_pay/', { url: created.url, colour: 'red' });
		expect(unknown.status).toBe(400);
		expect(unknown.data.detail).toMatch(/colour/);
		await sandbox.control.pay(created.url as string);
		expect(
			(await demo.call('POST', '/edit_pay/', { url: created.url, description: 'Late' })).status,
		).toBe(409);
	});

	it('expires an unpaid object (state 5) and refuses a paid one with 409', async () => {
		const unpaid = await createPayment(demo);
		expect((await demo.call('POST', '/pay/update_to_expired/', { url: unpaid.url })).data).toEqual({
			result: 'OK',
		});
		expect((await sandbox.control.payment(unpaid.url as string)).state).toBe(5);
		const paid = await createPayment(demo);
		await sandbox.control.pay(paid.url as string);
		const refused = await demo.call('POST', '/pay/update_to_expired/', { url: paid.url });
		expect(refused.status).toBe(409);
		expect(refused.data.detail).toMatch(/pagado/);
	});
});
