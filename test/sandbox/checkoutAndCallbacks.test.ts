import type { Sandbox } from '../../sandbox';
import { createPayment, decoded, useSandboxWithDemoClient } from './apiClient';
import type { ApiClient } from './apiClient';
import { useCallbackReceiverPerFile } from './callbackReceiver';
import type { CallbackReceiver } from './callbackReceiver';

/** A record of the checkout's answer, as the service encodes it: the order, then the object. */
type DecodedRecord = Record<string, unknown> & { fields: Record<string, unknown> };

let sandbox: Sandbox;
let demo: ApiClient;
let receiver: CallbackReceiver;

const PAYER = {
	name: 'Ana Pérez',
	cc: '1020304050',
	email: 'ana@example.com',
	document_type: 'CC',
	phone: '3001112233',
};

useSandboxWithDemoClient(
	{ profile: 'spec', autoPayDelayMs: 50 },
	(started, client) => ([sandbox, demo] = [started, client]),
	async (started) =>
		await started.control.settings({
			doubleEncodeCheckout: true,
			callbackEncoding: 'json',
			brebEnabled: true,
		}),
);
useCallbackReceiverPerFile((started) => (receiver = started));

describe('checkout', () => {
	it('lists banks with bankCode, the first row being the prompt', async () => {
		const banks = await demo.call('GET', '/get_banks/1/');
		expect(banks.data[0].bankCode).toBe('0');
		expect(banks.data.length).toBeGreaterThan(3);
	});

	it('PSE answers a double-encoded [order, object] with the bank-flow URL, and refuses an unknown bank', async () => {
		const created = await createPayment(demo);
		const refused = await demo.call('POST', `/${created.url}`, {
			...PAYER,
			payment: 'pse',
			bank: '9999',
			address: 'Calle 1',
		});
		expect(refused.status).toBe(400);
		expect(refused.data.detail).toMatch(/bank/);
		const response = await demo.call('POST', `/${created.url}`, {
			...PAYER,
			payment: 'pse',
			bank: '1007',
			address: 'Calle 1',
		});
		expect(typeof response.data).toBe('string');
		const [order, object] = decoded(response.data) as DecodedRecord[];
		expect(order.fields).toMatchObject({ method: 'pse', state: 'PENDIENTE' });
		expect(order.fields.bank_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_sandbox\/bank\//);
		expect(object.state).toBe(1);
	});

	it('refuses an unknown document type and a method the object does not enable', async () => {
		const created = await createPayment(demo, {
			payment_method_enabled: JSON.stringify({ pse: true }),
		});
		const badDocument = await demo.call('POST', `/${created.url}`, {
			...PAYER,
			document_type: 'XX',
			payment: 'pse',
			bank: '1007',
			address: 'x',
		});
		expect(badDocument.data.detail).toMatch(/document_type/);
		const notEnabled = await demo.call('POST', `/${created.url}`, {
			...PAYER,
			payment: 'daviplata',
		});
		expect(notEnabled.status).toBe(400);
		expect(notEnabled.data.detail).toMatch(/no está habilitado/);
	});

	it('Daviplata: OTP issued, wrong OTP refused, right OTP pays and calls back; lowercase fields refused', async () => {
		const created = await createPayment(demo, { callback: receiver.url });
		await demo.call('POST', `/${created.url}`, { ...PAYER, payment: 'daviplata' });
		const otp = await sandbox.control.otp(created.url as string);
		expect(otp).toMatch(/^\d{6}$/);
		const lower = await demo.call('POST', '/pay/confirm_daviplata/', { url: created.url, otp });
		expect(lower.status).toBe(400);
		expect(lower.data.detail).toMatch(/^URL/);
		const wrong = await demo.call('POST', '/pay/confirm_daviplata/', {
			URL: created.url,
			OTP: otp === '111111' ? '222222' : '111111',
		});
		expect(wrong.status).toBe(400);
		expect(wrong.data.detail).toBe('OTP incorrecto');
		const right = await demo.call('POST', '/pay/confirm_daviplata/', {
			URL: created.url,
			OTP: otp,
		});
		expect(right.data).toEqual({ result: 'OK' });
		expect((await demo.call('GET', `/pay_detail/${created.url}`)).data.state).toBe(3);
		const [callback] = await receiver.waitFor(1);
		expect(callback.contentType).toBe('application/json');
		expect(JSON.parse(callback.text)).toMatchObject({
			payed: true,
			url: created.url,
			state: 3,
			amount: '50000.00',
			payment_method: 'daviplata',
			payer_id: PAYER.cc,
		});
		const again = await demo.call('POST', '/pay/confirm_daviplata/', {
			URL: created.url,
			OTP: otp,
		});
		expect(again.status).toBe(409);
		expect(again.data.detail).toMatch(/ya fue pagado/);
	});

	it('Bre-B answers a payment order with QR payload and key; gated off it is refused with 403', async () => {
		const created = await createPayment(demo);
		const response = await demo.call('POST', `/${created.url}`, { payment: 'breb' });
		const [order] = decoded(response.data) as DecodedRecord[];
		expect(order.fields).toMatchObject({ method: 'breb', state: 'PENDIENTE' });
		expect(order.fields.qr_value).toEqual(expect.any(String));
		expect(order.fields.key_value).toMatch(/^@/);
		await sandbox.control.settings({ brebEnabled: false });
		const other = await createPayment(demo);
		expect((await demo.call('POST', `/${other.url}`, { payment: 'breb' })).status).toBe(403);
	});

	it('answers plain JSON when double encoding is off; accepts Nequi with what it sends', async () => {
		await sandbox.control.settings({ doubleEncodeCheckout: false });
		const created = await createPayment(demo);
		const response = await demo.call('POST', `/${created.url}`, {
			payment: 'NEQUI',
			phone: '3001112233',
		});
		expect(Array.isArray(response.data)).toBe(true);
		expect(response.data[0].fields.method).toBe('NEQUI');
	});

	it('pays a checkout with payer document 7777777 by itself after the delay, form-encoded on request', async () => {
		await sandbox.control.settings({ callbackEncoding: 'form' });
		const created = await createPayment(demo, { callback: receiver.url });
		await demo.call('POST', `/${created.url}`, { ...PAYER, cc: '7777777', payment: 'daviplata' });
		const [callback] = await receiver.waitFor(1);
		expect(callback.contentType).toBe('application/x-www-form-urlencoded');
		const form = new URLSearchParams(callback.text);
		expect(form.get('url')).toBe(created.url);
		expect(form.get('state')).toBe('3');
	});

	it('sets any documented state through the control API, e.g. a refund with its callback', async () => {
		const created = await createPayment(demo, { callback: receiver.url });
		await sandbox.control.pay(created.url as string);
		await sandbox.control.setPaymentState(created.url as string, 4, true);
		expect((await demo.call('GET', `/pay_detail/${created.url}`)).data.state).toBe(4);
		const callbacks = await receiver.waitFor(2);
		expect(JSON.parse(callbacks[1].text)).toMatchObject({
			url: created.url,
			state: 4,
			payed: false,
		});
		await expect(sandbox.control.setPaymentState(created.url as string, 9)).rejects.toThrow(/400/);
	});

	it('pays without calling back when told, and gives the body the callback would have carried', async () => {
		const held = await createPayment(demo, { callback: receiver.url });
		const sent = await createPayment(demo, { callback: receiver.url });
		await sandbox.control.pay(held.url as string, undefined, false);
		await sandbox.control.pay(sent.url as string);
		const [delivered] = await receiver.waitFor(1);
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect(receiver.received).toHaveLength(1);
		expect(JSON.parse(delivered.text)).toMatchObject({ url: sent.url, state: 3 });
		expect((await demo.call('GET', `/pay_detail/${held.url}`)).data.state).toBe(3);
		expect(await sandbox.control.callbackBody(held.url as string)).toEqual({
			...JSON.parse(delivered.text),
			url: held.url,
			cus: expect.any(String),
		});
	});

	it('pays at the instant given (e.g. yesterday, for a daily report): the detail read and the changes say so; a date that is none is refused', async () => {
		const created = await createPayment(demo, { callback: receiver.url });
		const slug = created.url as string;
		await expect(
			sandbox.control.pay(slug, undefined, false, 'yesterday at noon'),
		).rejects.toMatchObject({ response: { status: 400 } });
		const yesterdayNoon = '2026-01-30T17:00:00.000Z';
		await sandbox.control.pay(slug, undefined, false, yesterdayNoon);
		const { data } = await demo.call('GET', `/pay_detail/${slug}`);
		expect(data).toMatchObject({ state: 3, date_payed: yesterdayNoon });
		expect(await sandbox.control.paymentChanges(slug)).toEqual([
			expect.objectContaining({ state: 3, date: yesterdayNoon }),
		]);
	});

	it('refuses checkout of an unknown slug (404) and of a paid object (409)', async () => {
		expect((await demo.call('POST', '/nosuch1', { payment: 'breb' })).status).toBe(404);
		const created = await createPayment(demo);
		await sandbox.control.pay(created.url as string);
		expect((await demo.call('POST', `/${created.url}`, { payment: 'breb' })).status).toBe(409);
	});

	it('keeps every state change for the control API: a second checkout of an object in process is one more, a refused one none', async () => {
		const created = await createPayment(demo);
		const slug = created.url as string;
		await demo.call('POST', `/${slug}`, { ...PAYER, payment: 'daviplata' });
		await demo.call('POST', `/${slug}`, { ...PAYER, payment: 'daviplata' });
		const otp = await sandbox.control.otp(slug);
		await demo.call('POST', '/pay/confirm_daviplata/', { URL: slug, OTP: otp });
		expect((await demo.call('POST', `/${slug}`, { ...PAYER, payment: 'daviplata' })).status).toBe(
			409,
		);
		const changes = await sandbox.control.paymentChanges(slug);
		expect(changes.map(({ state, method }) => [state, method])).toEqual([
			[1, 'daviplata'],
			[1, 'daviplata'],
			[3, 'daviplata'],
		]);
		expect(changes.every((change) => change.slug === slug)).toBe(true);
		expect(new Date(changes[0].date).toISOString()).toBe(changes[0].date);
		expect(await sandbox.control.paymentChanges((await createPayment(demo)).url as string)).toEqual(
			[],
		);
	});
});

describe('faults and counters', () => {
	it('counts requests per route pattern, faulted ones included', async () => {
		await sandbox.control.injectFault({ route: 'POST /pay/estimate/', status: 503, retryAfter: 2 });
		const faulted = await demo.call('POST', '/pay/estimate/', { amount: '1000' });
		expect(faulted.status).toBe(503);
		expect(faulted.headers['retry-after']).toBe('2');
		expect(faulted.data.detail).toMatch(/Injected/);
		expect((await demo.call('POST', '/pay/estimate/', { amount: '1000' })).status).toBe(200);
		const created = await createPayment(demo);
		await demo.call('GET', `/pay_detail/${created.url}`);
		const counters = await sandbox.control.counters();
		expect(counters['POST /pay/estimate/']).toBe(2);
		expect(counters['GET /pay_detail/{url}']).toBe(1);
	});

	it('a 500 after processing has carried the request out', async () => {
		await sandbox.control.injectFault({ route: 'POST /pay/', status: 500, afterProcessing: true });
		const response = await demo.call('POST', '/pay/', {
			amount: 10,
			description: 'x',
			payment_method_enabled: '{"pse":true}',
		});
		expect(response.status).toBe(500);
		expect(await sandbox.control.payments()).toHaveLength(1);
	});

	it.each([
		['html', /<html>/],
		['malformed', /^\{"detail": "truncated$/],
		['empty', /^$/],
	] as const)('replaces the body with %s', async (body, pattern) => {
		await sandbox.control.injectFault({ route: 'POST /pay/estimate/', body });
		const response = await demo.call('POST', '/pay/estimate/', { amount: '1000' }, {});
		const text = typeof response.data === 'string' ? response.data : JSON.stringify(response.data);
		expect(text).toMatch(pattern);
	});

	it('carries out a request held by latency after it arrived; settle answers once it is done', async () => {
		await sandbox.control.injectFault({ route: 'POST /pay/', latencyMs: 300 });
		const held = demo.call('POST', '/pay/', {
			amount: 10,
			description: 'x',
			payment_method_enabled: '{"pse":true}',
		});
		while ((await sandbox.control.count('POST /pay/')) === 0)
			await new Promise((resolve) => setTimeout(resolve, 5));
		expect(await sandbox.control.payments()).toHaveLength(0);
		expect(await sandbox.control.settle()).toBe(0);
		expect(await sandbox.control.payments()).toHaveLength(1);
		expect((await held).status).toBe(201);
		expect(await sandbox.control.settle()).toBe(0);
	});

	it('resets the connection before or after processing', async () => {
		await sandbox.control.injectFault({ route: 'POST /pay/', reset: 'after' });
		await expect(
			demo.call('POST', '/pay/', {
				amount: 10,
				description: 'x',
				payment_method_enabled: '{"pse":true}',
			}),
		).rejects.toThrow(/socket hang up|ECONNRESET/);
		expect(await sandbox.control.payments()).toHaveLength(1);
		await sandbox.control.injectFault({ route: 'POST /pay/', reset: 'before' });
		await expect(
			demo.call('POST', '/pay/', {
				amount: 10,
				description: 'x',
				payment_method_enabled: '{"pse":true}',
			}),
		).rejects.toThrow(/socket hang up|ECONNRESET/);
		expect(await sandbox.control.payments()).toHaveLength(1);
	});
});
