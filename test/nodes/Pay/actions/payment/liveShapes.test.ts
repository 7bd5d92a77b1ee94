/**
 * Payment objects and failures as the live service's real clients see them (docs/SERVICE.md),
 * against both sandbox profiles: platform "API" for callbacks, every date as ISO 8601, the
 * real failure bodies (also with HTTP 200) as clear item errors, and no "//" in any request path.
 */
import { createServer, request as forward } from 'http';
import type { Server } from 'http';
import type { AddressInfo } from 'net';

import type { Sandbox } from '../../../../../sandbox';
import {
	CREATION_REFUSED_SENTENCE,
	errorCode,
	errorMessage,
	errorSentence,
	fieldErrors,
	resultCode,
} from '../../../../../sandbox/failureBodies';
import { PayTriggerHarness } from '../../../../harness/payTriggerHarness';
import { runPayNode } from '../../../../harness/runWorkflow';
import { sandboxCredentials, TEST_CALLBACK_SECRET } from '../../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../../harness/sandboxPerFile';
import { profileUnderTest } from '../../../../harness/sandboxProfile';
import { WITHDRAW_TO_PAYEE } from '../../../../harness/parameters';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const create = {
	resource: 'payment',
	operation: 'create',
	amount: 50000,
	description: 'Live shapes',
	paymentMethods: ['pse'],
	payerRedirectUrl: 'https://shop.example/thanks',
	callbackUrl: 'https://hooks.example/webhook/pay',
	expirationDays: 3,
	options: {},
};
const withdraw = { ...WITHDRAW_TO_PAYEE };

const run = (
	parameters: Record<string, unknown>,
	settings = {},
	credentials = sandboxCredentials(sandbox),
) =>
	runPayNode({
		parameters: parameters as never,
		credentials,
		settings: { continueOnFail: true, ...settings },
	});

async function newSlug(): Promise<string> {
	const { items } = await run(create);
	return items[0].json.slug as string;
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The node's view of a payment object, with the dates this file reads. */
type PaymentView = Record<string, unknown> & {
	slug: string;
	date_created: string;
	date_expired: string;
	date_payed: string;
	raw: Record<string, unknown>;
};

describe('Payment → Create: platform', () => {
	it('sends platform "API" by default, so the service calls back when the object is paid', async () => {
		const slug = await newSlug();
		expect((await sandbox.control.payment(slug)).platform).toBe('API');
		await sandbox.control.pay(slug);
		expect((await sandbox.control.callbacks()).map((delivery) => delivery.body.url)).toEqual([
			slug,
		]);
	});

	it('sends the Platform the user sets instead', async () => {
		const { items } = await run({ ...create, options: { platform: 'shop' } });
		expect((await sandbox.control.payment(items[0].json.slug as string)).platform).toBe('shop');
		const { items: empty } = await run({ ...create, options: { platform: '' } });
		expect((await sandbox.control.payment(empty[0].json.slug as string)).platform).toBe('API');
	});
});

describe('payment object dates', () => {
	it('come out as ISO 8601 from Create, Get and Update alike, the original under raw; date_payed "" stays empty until paid', async () => {
		const before = Date.now();
		const created = (await run(create)).items[0].json as PaymentView;
		const slug = created.slug as string;
		const read = (await run({ resource: 'payment', operation: 'get', slug })).items[0]
			.json as PaymentView;
		const updated = (
			await run({
				resource: 'payment',
				operation: 'update',
				slug,
				updateFields: { description: 'Renamed' },
			})
		).items[0].json as PaymentView;
		for (const view of [created, read, updated]) {
			expect(view.date_created).toMatch(ISO);
			expect(Math.abs(Date.parse(view.date_created) - before)).toBeLessThan(60_000);
		}
		for (const view of [read, updated]) {
			expect(view.date_expired).toMatch(ISO);
			expect(Date.parse(view.date_expired)).toBeGreaterThan(Date.parse(view.date_created));
			expect(typeof view.raw.date_created).toBe('number');
			expect(view.date_payed).toBe('');
		}
		await sandbox.control.pay(slug);
		const paid = (await run({ resource: 'payment', operation: 'get', slug })).items[0]
			.json as PaymentView;
		expect(paid.date_payed).toMatch(ISO);

		// The Pay Trigger's verified item carries the same view of the payment.
		const trigger = await PayTriggerHarness.create(
			{ events: ['paymentPaid'], options: {} } as never,
			sandboxCredentials(sandbox),
		);
		const answer = await trigger.receive({
			body: { payed: true, url: slug, state: 3 },
			query: { token: TEST_CALLBACK_SECRET },
		});
		const verified = answer.items[0].payment as PaymentView;
		expect(verified).toMatchObject({
			date_created: paid.date_created,
			date_expired: paid.date_expired,
			date_payed: paid.date_payed,
			amount: paid.amount,
		});
	});
});

describe('failure bodies of the live service', () => {
	it.each([
		[
			'{"error": <sentence>} with 403',
			403,
			errorSentence(CREATION_REFUSED_SENTENCE),
			CREATION_REFUSED_SENTENCE,
			undefined,
		],
		[
			'a field map with 400',
			400,
			fieldErrors({
				amount: 'Ensure this value is greater than 0.',
				key_value: ['Required.', 'Too short.'],
			}),
			'amount: Ensure this value is greater than 0.; key_value: Required. Too short.',
			undefined,
		],
		[
			'{"result": "LIMIT_BALANCE"} with 403',
			403,
			resultCode('LIMIT_BALANCE'),
			'The available balance is not enough for this amount (LIMIT_BALANCE)',
			'LIMIT_BALANCE',
		],
		[
			'{"error": true, "msg"} with 400',
			400,
			errorMessage('unknown payment method'),
			'unknown payment method',
			undefined,
		],
		[
			'{"error": "NOT_FOUND"} with 200',
			200,
			errorCode('NOT_FOUND'),
			'The service found nothing for this request (NOT_FOUND)',
			'NOT_FOUND',
		],
		[
			'{"result": "error"} with 200',
			200,
			resultCode('error'),
			'The service refused the request without giving a reason (error)',
			'error',
		],
		[
			'a field map with 200',
			200,
			fieldErrors({ amount: 'A valid integer is required.' }),
			'amount: A valid integer is required.',
			undefined,
		],
	])(
		"a withdrawal answered %s is refused in the service's words, sent once even with Retry On Fail, nothing withdrawn",
		async (_name, status, body, message, code) => {
			await sandbox.control.injectFailure('POST /withdraw/co/', status, body, 5);
			const { items } = await run(withdraw, {
				retryOnFail: true,
				maxTries: 3,
				waitBetweenTries: 1,
			});
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({
				// What the node was doing, then the service's words (issue 55, point 4).
				error: `The withdrawal of 1000 COP to @payee: the service answered HTTP ${status}: ${message}`,
				outcome: 'refused',
				httpCode: String(status),
				detail: message,
			});
			if (code === undefined) expect(items[0].json).not.toHaveProperty('code');
			else expect(items[0].json.code).toBe(code);
			expect(items[0].pairedItem).toEqual({ item: 0 });
			expect(await sandbox.control.count('POST /withdraw/co/')).toBe(1);
			expect(await sandbox.control.withdrawals()).toEqual([]);
			expect((await sandbox.control.account('demo')).balance).toBe(1_000_000);
		},
	);

	it('a read answered 200 {"error": "NOT_FOUND"} fails (outcome failed), it is no payment object', async () => {
		const slug = await newSlug();
		await sandbox.control.injectFailure('GET /pay_detail/{url}', 200, errorCode('NOT_FOUND'), 5);
		const { items } = await run({
			resource: 'payment',
			operation: 'get',
			slug,
			requestOptions: { maxRetries: 0 },
		});
		expect(items[0].json).toMatchObject({
			error: `Reading the payment object ${slug}: the service answered HTTP 200: The service found nothing for this request (NOT_FOUND)`,
			outcome: 'failed',
			code: 'NOT_FOUND',
		});
	});

	it("NOT_ALLOWED says the method and the service's reason", async () => {
		const slug = await newSlug();
		await sandbox.control.injectFailure(
			'POST /pay/update_to_expired/',
			403,
			resultCode('NOT_ALLOWED', { error: 'Método no habilitado', payment_method: 'breb' }),
		);
		const { items } = await run({ resource: 'payment', operation: 'expire', slug });
		expect(items[0].json).toMatchObject({
			error: `Expiring the payment object ${slug}: the service answered HTTP 403: The payment method is not enabled for this account (NOT_ALLOWED): Método no habilitado, payment method breb`,
			outcome: 'refused',
			code: 'NOT_ALLOWED',
		});
	});

	it('expiring a paid object is refused in plain words (observed: {"result": "PAY_IS_PAYED"}; spec: its detail)', async () => {
		const slug = await newSlug();
		await sandbox.control.pay(slug);
		const { items } = await run({ resource: 'payment', operation: 'expire', slug });
		expect(items[0].json.outcome).toBe('refused');
		if (profileUnderTest() === 'observed') {
			expect(items[0].json).toMatchObject({
				error: `Expiring the payment object ${slug}: the service answered HTTP 403: The payment object is already paid (PAY_IS_PAYED)`,
				code: 'PAY_IS_PAYED',
				httpCode: '403',
			});
		} else {
			expect(items[0].json.error).toMatch(/ya fue pagado/);
		}
	});

	it('a success carrying result "OK" or message "OK" stays a success', async () => {
		const slug = await newSlug();
		await sandbox.control.injectFault({
			route: 'POST /pay/update_to_expired/',
			afterProcessing: true,
			body: 'json',
			json: { result: 'OK', message: 'OK' },
		});
		const { items } = await run({ resource: 'payment', operation: 'expire', slug });
		expect(items[0].json.error).toBeUndefined();
		expect((await sandbox.control.payment(slug)).state).toBe(5);
	});
});

describe('request paths', () => {
	let proxy: Server;
	let proxyUrl = '';
	const seen: string[] = [];

	// A proxy that serves the service under /api/ and, like the service's CDN, answers 404 to a path
	// holding "//".
	beforeAll(async () => {
		proxy = createServer((request, response) => {
			const path = request.url ?? '/';
			seen.push(path);
			if (path.includes('//') || !path.startsWith('/api/')) {
				response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404 Not Found</h1>');
				return;
			}
			const target = new URL(sandbox.baseUrl);
			const forwarded = forward(
				{
					host: target.hostname,
					port: target.port,
					path: path.slice('/api'.length),
					method: request.method,
					headers: request.headers,
				},
				(answer) => {
					response.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(response);
				},
			);
			request.pipe(forwarded);
		});
		await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
		proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
	});
	afterAll(async () => await new Promise((resolve) => proxy.close(resolve)));

	it.each([
		['a path prefix with trailing slashes', '/api///'],
		['a doubled slash inside the prefix', '//api/'],
	])('never hold "//", with %s in the Base URL', async (_name, suffix) => {
		seen.length = 0;
		const credentials = sandboxCredentials(sandbox, sandbox.demo, {
			baseUrl: `${proxyUrl}${suffix}`,
		});
		const created = await run(create, {}, credentials);
		expect(created.items[0].json.error).toBeUndefined();
		const read = await run(
			{ resource: 'payment', operation: 'get', slug: created.items[0].json.slug },
			{},
			credentials,
		);
		expect(read.items[0].json.error).toBeUndefined();
		expect(seen.length).toBeGreaterThanOrEqual(3);
		expect(seen.filter((path) => path.includes('//'))).toEqual([]);
	});
});
