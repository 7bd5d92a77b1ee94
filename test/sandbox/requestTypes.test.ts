/**
 * The sandbox refuses what the spec types otherwise, so a node that sends a number as text, a text
 * as a number, a yes/no as text or a body that is not JSON fails its tests instead of passing here
 * and failing against the service.
 */
import axios from 'axios';

import type { Sandbox } from '../../sandbox';
import { ERROR_SENTENCE } from '../../sandbox/http';
import { createPayment, useSandboxWithDemoClient } from './apiClient';
import type { ApiClient } from './apiClient';

let sandbox: Sandbox;
let demo: ApiClient;

useSandboxWithDemoClient(
	{ profile: 'spec', tokenTtlMs: 60_000 },
	(started, client) => ([sandbox, demo] = [started, client]),
);

const WITHDRAWAL = {
	amount: 5000,
	account_holder_name: 'Ana Gómez',
	account_type: 8,
	key_value: '@ana',
};
const CREATION = {
	amount: 50000,
	description: 'Invoice 1',
	expiration_days: 3,
	payment_method_enabled: JSON.stringify({ pse: true, daviplata: true }),
	payer_redirect_url: 'https://shop.example/thanks',
	callback: 'https://shop.example/callback',
};

describe('fields the spec types as numbers, integers, booleans or strings', () => {
	it.each([
		[
			'withdrawal amount (integer) as text',
			'/withdraw/co/',
			{ ...WITHDRAWAL, amount: '5000' },
			'amount: A valid number is required.',
		],
		[
			'withdrawal account_type (integer) as text',
			'/withdraw/co/',
			{ ...WITHDRAWAL, account_type: '8' },
			'account_type: A valid number is required.',
		],
		[
			'withdrawal amount with a fraction',
			'/withdraw/co/',
			{ ...WITHDRAWAL, amount: 5000.5 },
			'amount: A valid integer is required.',
		],
		[
			'transfer amount (number) as text',
			'/send/',
			{ toUser: 'friend', amount: '10' },
			'amount: A valid number is required.',
		],
		[
			'transfer toUser (string) as a number',
			'/send/',
			{ toUser: 3109876543, amount: 10 },
			'toUser: Not a valid string.',
		],
		[
			'creation amount (number) as text',
			'/pay/',
			{ ...CREATION, amount: '50000' },
			'amount: A valid number is required.',
		],
		[
			'creation expiration_days (integer) as text',
			'/pay/',
			{ ...CREATION, expiration_days: '3' },
			'expiration_days: A valid number is required.',
		],
		[
			'creation client_assume_costs (boolean) as text',
			'/pay/',
			{ ...CREATION, client_assume_costs: 'true' },
			'client_assume_costs: Must be a valid boolean.',
		],
		[
			'code request email (boolean) as text',
			'/request_confirmation/',
			{ email: 'true', phone: false },
			'email: Must be a valid boolean.',
		],
		[
			'code request phone (boolean) as a number',
			'/request_confirmation/',
			{ email: false, phone: 1 },
			'phone: Must be a valid boolean.',
		],
	])(
		'refuses the %s with 400, naming the field, and changes nothing',
		async (_name, path, body, detail) => {
			const response = await demo.call('POST', path, body);
			expect(response.status).toBe(400);
			expect(response.data).toEqual({ error: ERROR_SENTENCE, detail });
			expect((await sandbox.control.account('demo')).balance).toBe(1_000_000);
			expect((await sandbox.control.account('friend')).balance).toBe(0);
			expect(await sandbox.control.payments()).toHaveLength(0);
			expect(await sandbox.control.withdrawals()).toHaveLength(0);
			expect(await sandbox.control.codes('demo')).toEqual({});
		},
	);

	it('takes the same requests with the spec types', async () => {
		expect((await demo.call('POST', '/withdraw/co/', WITHDRAWAL)).status).toBe(201);
		expect(
			(await demo.call('POST', '/send/', { toUser: sandbox.friend.phone, amount: 10 })).status,
		).toBe(200);
		expect(
			(await demo.call('POST', '/pay/', { ...CREATION, client_assume_costs: true })).status,
		).toBe(201);
		expect(
			(await demo.call('POST', '/request_confirmation/', { email: true, phone: false })).status,
		).toBe(200);
		expect((await sandbox.control.account('demo')).balance).toBe(1_000_000 - 5000 - 10);
	});

	it('takes the fee estimate amount as text (the spec sample) or as a number, and refuses text that is no number', async () => {
		const asText = await demo.call('POST', '/pay/estimate/', { amount: '100000' });
		const asNumber = await demo.call('POST', '/pay/estimate/', { amount: 100000 });
		expect(asText.data).toEqual({
			pay_amount: 100000,
			pay_fee: 3800,
			iva: 722,
			pay_payed_amount: 95478,
		});
		expect(asNumber.data).toEqual(asText.data);
		const notANumber = await demo.call('POST', '/pay/estimate/', { amount: 'cien mil' });
		expect(notANumber.status).toBe(400);
		expect(notANumber.data.detail).toBe('amount: A valid number is required.');
	});

	it('takes client_assume_costs on the fee estimate as a JSON boolean only, and no other field', async () => {
		const assumed = await demo.call('POST', '/pay/estimate/', {
			amount: '100000',
			client_assume_costs: true,
		});
		expect(assumed.data).toEqual({
			pay_amount: 104522,
			pay_fee: 3800,
			iva: 722,
			pay_payed_amount: 100000,
		});
		const notAssumed = await demo.call('POST', '/pay/estimate/', {
			amount: '100000',
			client_assume_costs: false,
		});
		expect(notAssumed.data).toMatchObject({ pay_amount: 100000, pay_payed_amount: 95478 });
		for (const [field, value] of [
			['client_assume_costs', 'true'],
			['client_assume_costs', 1],
		] as const) {
			const refused = await demo.call('POST', '/pay/estimate/', { amount: 1000, [field]: value });
			expect(refused.status).toBe(400);
			expect(refused.data.detail).toBe('client_assume_costs: Must be a valid boolean.');
		}
		const misnamed = await demo.call('POST', '/pay/estimate/', {
			amount: 1000,
			clientAssumeCosts: true,
		});
		expect(misnamed.status).toBe(400);
		expect(misnamed.data.detail).toBe('clientAssumeCosts: unknown field');
	});

	it('refuses a wallet OTP (string) sent as a number, and confirms nothing', async () => {
		const created = await createPayment(demo);
		await demo.call('POST', `/${created.url as string}`, {
			payment: 'daviplata',
			name: 'Ana',
			cc: '1020304050',
			email: 'ana@example.com',
			phone: '3001112233',
			document_type: 'CC',
		});
		const otp = await sandbox.control.otp(created.url as string);
		const numeric = await demo.call('POST', '/pay/confirm_daviplata/', {
			URL: created.url,
			OTP: Number(otp),
		});
		expect(numeric.status).toBe(400);
		expect(numeric.data.detail).toBe('OTP: Not a valid string.');
		expect((await sandbox.control.payment(created.url as string)).state).not.toBe(3);
	});
});

describe('bodies and paths', () => {
	it.each([
		[
			'a form',
			'application/x-www-form-urlencoded',
			'toUser=friend&amount=10',
			'application/x-www-form-urlencoded',
		],
		[
			'JSON labelled as plain text',
			'text/plain',
			JSON.stringify({ toUser: 'friend', amount: 10 }),
			'text/plain',
		],
	])(
		'refuses %s where the spec wants JSON with 415, and moves nothing',
		async (_name, contentType, text, named) => {
			const response = await demo.call('POST', '/send/', text, {
				headers: { 'content-type': contentType },
			});
			expect(response.status).toBe(415);
			expect(response.data).toEqual({
				error: ERROR_SENTENCE,
				detail: `Unsupported media type "${named}" in request.`,
			});
			expect((await sandbox.control.account('friend')).balance).toBe(0);
		},
	);

	it('takes JSON with a charset', async () => {
		const response = await demo.call(
			'POST',
			'/send/',
			JSON.stringify({ toUser: 'friend', amount: 10 }),
			{ headers: { 'content-type': 'application/json; charset=utf-8' } },
		);
		expect(response.status).toBe(200);
	});

	it('answers a slug with broken percent-encoding as an unknown one (404 with the service body), not as a crash', async () => {
		const read = await demo.call('GET', '/pay_detail/%E0%A4%A');
		expect(read.status).toBe(404);
		expect(read.data).toEqual({
			error: ERROR_SENTENCE,
			detail: expect.stringContaining('%E0%A4%A'),
		});
		const checkout = await axios.post(
			`${sandbox.baseUrl}/%ZZ`,
			{ payment: 'breb' },
			{
				headers: { 'x-api-key': sandbox.demo.apiKey, authorization: `Bearer ${demo.accessToken}` },
				validateStatus: () => true,
			},
		);
		expect(checkout.status).toBe(404);
		expect(checkout.data.error).toBe(ERROR_SENTENCE);
	});

	it('echoes creation fields it does not interpret, but never over a documented field', async () => {
		const response = await demo.call('POST', '/pay/', {
			...CREATION,
			state: 'PAID',
			url: 12345,
			pk: 'abc',
			date_created: 0,
			payed_amount: 999,
			order_ref: 'A-17',
		});
		expect(response.status).toBe(201);
		expect(response.data).toMatchObject({
			state: 0,
			pk: expect.any(Number),
			payed_amount: expect.stringMatching(/^\d+\.\d{2}$/),
			order_ref: 'A-17',
		});
		expect(response.data.url).toMatch(/^[A-Za-z0-9]+$/);
		expect(new Date(response.data.date_created).toISOString()).toBe(response.data.date_created);
	});
});
