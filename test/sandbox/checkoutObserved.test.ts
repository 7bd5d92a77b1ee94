/** Checkout answers of the `observed` profile, as real clients see them (docs/SERVICE.md). */
import type { Sandbox } from '../../sandbox';
import { createPayment, decoded, useSandboxWithDemoClient } from './apiClient';
import type { ApiClient } from './apiClient';
import { useCallbackReceiverPerFile } from './callbackReceiver';
import type { CallbackReceiver } from './callbackReceiver';

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
const ALL_METHODS = JSON.stringify({
	pse: true,
	daviplata: true,
	breb: true,
	NEQUI: true,
	bancolombia_transfer: true,
	efecty: true,
	corresponsal_bancolombia: true,
	dale: true,
});
const ORDER_FIELDS = [
	'GOrdenId',
	'amount',
	'checkout',
	'date_created',
	'gateway',
	'method',
	'ordenId',
	'payer_email',
	'payer_id',
	'payer_id_type',
	'payer_name',
	'payer_phone',
	'project_code',
	'ref',
	'state',
];

useSandboxWithDemoClient(
	{ profile: 'observed', autoPayDelayMs: 50 },
	(started, client) => ([sandbox, demo] = [started, client]),
	async (started) =>
		await started.control.settings({ doubleEncodeCheckout: true, brebEnabled: true }),
);
useCallbackReceiverPerFile((started) => (receiver = started));

type Records = [
	{ model: string; pk: number; fields: Record<string, unknown> },
	{ model: string; pk: number; fields: Record<string, unknown> },
];

/**
 * Creates an object with every method enabled, submits a checkout, and returns the status and the
 * decoded records.
 */
async function checkout(body: Record<string, unknown>, fields: Record<string, unknown> = {}) {
	const created = await createPayment(demo, { payment_method_enabled: ALL_METHODS, ...fields });
	const response = await demo.call('POST', `/${created.url}`, body);
	return {
		slug: created.url as string,
		status: response.status,
		data: response.data,
		records: (response.status === 200 ? decoded(response.data) : undefined) as Records,
	};
}

describe('observed checkout answers', () => {
	it("PSE: a double-encoded pair of {model, pk, fields} records; the bank link is the order's checkout, the object inside the second fields", async () => {
		const { slug, data, records } = await checkout({
			...PAYER,
			payment: 'pse',
			bank: '1007',
			address: 'Calle 1',
		});
		expect(typeof data).toBe('string');
		expect(records).toHaveLength(2);
		const [order, object] = records;
		expect(order.model).toBe('api.paymentorder');
		expect(Object.keys(order.fields).sort()).toEqual(ORDER_FIELDS);
		expect(order.fields).toMatchObject({
			method: 'pse',
			ordenId: slug,
			payer_id: PAYER.cc,
			payer_id_type: 'CC',
			payer_email: PAYER.email,
			amount: 50000,
		});
		expect(order.fields.checkout).toBe(`${sandbox.baseUrl}/_sandbox/bank/${slug}`);
		expect(object.model).toBe('api.pay');
		expect(object.fields).toMatchObject({
			url: slug,
			state: 1,
			amount: 50000,
			payment_method: 'pse',
		});
		expect(object).not.toHaveProperty('state');
	});

	it('Nequi: push gives a checkout link, no push gives QR data in ref; phone_nequi and a boolean push are required', async () => {
		const nequi = { ...PAYER, payment: 'NEQUI', phone_nequi: '3001112233' };
		const pushed = await checkout({ ...nequi, push: true });
		expect(pushed.records[0].fields).toMatchObject({
			method: 'NEQUI',
			checkout: `${sandbox.baseUrl}/_sandbox/checkout/${pushed.slug}`,
			ref: '',
		});
		const qr = await checkout({ ...nequi, push: false });
		expect(qr.records[0].fields.checkout).toBe('');
		expect(qr.records[0].fields.ref).toMatch(/^000201.*3001112233/);
		expect(qr.records[1].fields.state).toBe(1);

		// The live service answers a refused field as a field map, {"push": ["…"]}.
		const refusals: Array<[Record<string, unknown>, string, RegExp]> = [
			[{ ...nequi }, 'push', /^This field is required/],
			[{ ...nequi, push: 'true' }, 'push', /^Must be a valid boolean/],
			[{ ...nequi, push: true, phone_nequi: undefined }, 'phone_nequi', /^This field is required/],
			[{ ...nequi, push: true, phone_nequi: '12345' }, 'phone_nequi', /./],
			[{ ...nequi, push: true, email: undefined }, 'email', /^This field is required/],
		];
		for (const [body, field, message] of refusals) {
			const refused = await checkout(body);
			expect(refused.status).toBe(400);
			expect(refused.data).toEqual({ [field]: [expect.stringMatching(message)] });
		}
	});

	it('bank button: the payer fields without bank or address, answered with a checkout link', async () => {
		const { slug, records } = await checkout({ ...PAYER, payment: 'bancolombia_transfer' });
		expect(records[0].fields).toMatchObject({
			method: 'bancolombia_transfer',
			checkout: `${sandbox.baseUrl}/_sandbox/bank/${slug}`,
			ref: '',
			project_code: '',
		});
		const refused = await checkout({
			...PAYER,
			document_type: undefined,
			payment: 'bancolombia_transfer',
		});
		expect(refused.data).toEqual({
			document_type: [expect.stringMatching(/^This field is required/)],
		});
	});

	it.each(['efecty', 'corresponsal_bancolombia', 'dale'])(
		'cash (%s): the PIN in ref, the agreement number in project_code; the payer is required',
		async (method) => {
			const { records } = await checkout({ ...PAYER, payment: method });
			expect(records[0].fields).toMatchObject({ method, checkout: '' });
			expect(records[0].fields.ref).toMatch(/^\d{8}$/);
			expect(records[0].fields.project_code).toMatch(/^\d+$/);
			const refused = await checkout({ payment: method, cc: PAYER.cc });
			expect(refused.status).toBe(400);
			expect(Object.values(refused.data as Record<string, string[]>)[0]).toEqual([
				expect.stringMatching(/This field is required/),
			]);
		},
	);

	it('Bre-B: the QR payload and key; where not enabled, NOT_ALLOWED with error and payment_method', async () => {
		const { records } = await checkout({ payment: 'breb' });
		expect(records[0].fields.qr_value).toEqual(expect.any(String));
		expect(records[0].fields.key_value).toMatch(/^@/);
		await sandbox.control.settings({ brebEnabled: false });
		const refused = await checkout({ payment: 'breb' });
		expect(refused.status).toBe(403);
		expect(refused.data).toEqual({
			result: 'NOT_ALLOWED',
			error: expect.stringMatching(/no está habilitado/),
			payment_method: 'breb',
		});
	});

	it('a method the object does not enable is NOT_ALLOWED; a payer document too long is LIMIT_LENGTH_CC', async () => {
		const notEnabled = await checkout(
			{ ...PAYER, payment: 'efecty' },
			{ payment_method_enabled: JSON.stringify({ pse: true }) },
		);
		expect(notEnabled.status).toBe(403);
		expect(notEnabled.data).toMatchObject({ result: 'NOT_ALLOWED', payment_method: 'efecty' });
		const tooLong = await checkout({ ...PAYER, cc: '1234567890123456', payment: 'efecty' });
		expect(tooLong.status).toBe(400);
		expect(tooLong.data).toEqual({ result: 'LIMIT_LENGTH_CC' });
		expect((await sandbox.control.payment(tooLong.slug)).state).toBe(0);
	});

	it('paying a paid object, by checkout or by OTP, is PAY_IS_PAYED', async () => {
		const { slug } = await checkout({ ...PAYER, payment: 'daviplata' });
		const otp = await sandbox.control.otp(slug);
		expect(
			(await demo.call('POST', '/pay/confirm_daviplata/', { URL: slug, OTP: otp })).data,
		).toEqual({ result: 'OK' });
		const again = await demo.call('POST', '/pay/confirm_daviplata/', { URL: slug, OTP: otp });
		expect(again.status).toBe(400);
		expect(again.data).toEqual({ result: 'PAY_IS_PAYED' });
		const checkoutAgain = await demo.call('POST', `/${slug}`, { ...PAYER, payment: 'efecty' });
		expect(checkoutAgain.status).toBe(400);
		expect(checkoutAgain.data).toEqual({ result: 'PAY_IS_PAYED' });
	});

	it('a payer document 7777777 still pays by itself and calls back, here through a cash checkout', async () => {
		const { slug } = await checkout(
			{ ...PAYER, cc: '7777777', payment: 'efecty' },
			{ callback: receiver.url, platform: 'API' },
		);
		const [callback] = await receiver.waitFor(1);
		expect(JSON.parse(callback.text)).toMatchObject({
			url: slug,
			state: 3,
			payment_method: 'efecty',
		});
	});
});
