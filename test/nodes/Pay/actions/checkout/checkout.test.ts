/** Checkout resource through n8n's engine against the sandbox. */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../../sandbox';
import { runPayNode } from '../../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../../harness/sandboxPerFile';
import { profileUnderTest } from '../../../../harness/sandboxProfile';
import { PAYER, pseCheckout } from '../../../../harness/parameters';

let sandbox: Sandbox;
const observed = profileUnderTest() === 'observed';

useSandboxPerFile((started) => (sandbox = started));
// After the reset useSandboxPerFile makes before every test.
beforeEach(
	async () => await sandbox.control.settings({ brebEnabled: true, doubleEncodeCheckout: true }),
);

const run = (parameters: Record<string, unknown>, input?: IDataObject[], settings = {}) =>
	runPayNode({
		parameters: parameters as never,
		input,
		credentials: sandboxCredentials(sandbox),
		settings,
	});

const payer = { ...PAYER };

async function newPayment(
	methods = ['pse', 'daviplata', 'NEQUI', 'breb', 'cash'],
): Promise<string> {
	const { items, error } = await run({
		resource: 'payment',
		operation: 'create',
		amount: 50000,
		description: 'Checkout test',
		paymentMethods: methods.filter((key) => key !== 'cash'),
		payerRedirectUrl: 'https://shop.example/thanks',
		callbackUrl: 'https://hooks.example/webhook/pay',
		expirationDays: 1,
		options: { otherMethodKeys: methods.includes('cash') ? 'cash' : '' },
	});
	if (error) throw new Error(error.message);
	return items[0].json.slug as string;
}

describe('Checkout', () => {
	it('lists banks without the prompt row, and with it on request', async () => {
		const { items } = await run({ resource: 'checkout', operation: 'listBanks' });
		expect(items.length).toBeGreaterThan(3);
		expect(items.every((item) => item.json.bank_code !== '0')).toBe(true);
		expect(items[0].json).toMatchObject({
			bank_code: expect.any(String),
			bank_name: expect.any(String),
			bankCode: expect.any(String),
		});
		const withPrompt = await run({
			resource: 'checkout',
			operation: 'listBanks',
			includePromptRow: true,
		});
		expect(withPrompt.items).toHaveLength(items.length + 1);
	});

	it('PSE\'s "By Code" hint names the field List Banks always outputs', async () => {
		const { payWithPse } =
			await import('../../../../../nodes/Pay/actions/checkout/payWithPse.operation');
		const bank = payWithPse.properties.find((property) => property.name === 'bank');
		const hint = bank?.modes?.find((mode) => mode.name === 'id')?.hint ?? '';
		const named = /^The (\S+) from Checkout → List Banks$/.exec(hint)?.[1];
		// The node's own field, whatever the catalog calls its code (bankCode or bank_code).
		expect(named).toBe('bank_code');
		const { items } = await run({ resource: 'checkout', operation: 'listBanks' });
		expect(items.every((item) => /^\d+$/.test(String(item.json[named as string])))).toBe(true);
	});

	it('PSE: sends the payer and bank code, returns the bank redirect URL and the object in process', async () => {
		const slug = await newPayment();
		const { items, error } = await run(pseCheckout(slug));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			slug,
			method: 'pse',
			order_state: 'PENDIENTE',
			state: 1,
			state_label: 'in_process',
		});
		expect(items[0].json.bank_redirect_url).toBe(`${sandbox.baseUrl}/_sandbox/bank/${slug}`);
		const stored = await sandbox.control.payment(slug);
		expect(stored.payer).toMatchObject({
			name: 'Ana Pérez',
			id: '1020304050',
			idType: 'CC',
			phone: '3001112233',
		});
	});

	it('names the payer document types in Spanish as written (Cédula de Ciudadanía), each with the code it sends', async () => {
		const { DOCUMENT_TYPES } =
			await import('../../../../../nodes/Pay/actions/checkout/payerFields');
		expect(DOCUMENT_TYPES.map((type) => type.description)).toEqual(
			expect.arrayContaining([
				'Cédula de Ciudadanía',
				'Cédula de Extranjería',
				'Tarjeta de Identidad (minors)',
			]),
		);
		for (const type of DOCUMENT_TYPES) expect(type.name).toMatch(new RegExp(`${type.value}\\)?$`));
	});

	it('PSE: refuses an unknown document type, a malformed email and the prompt bank before sending', async () => {
		const slug = await newPayment();
		const base = {
			resource: 'checkout',
			operation: 'payWithPse',
			slug,
			...payer,
			payerAddress: 'x',
			bank: { __rl: true, mode: 'id', value: '1007' },
		};
		const cases: Array<[Record<string, unknown>, string]> = [
			[{ documentType: '={{ "XX" }}' }, 'Document Type'],
			[{ payerEmail: 'ana.example.com' }, 'Payer Email'],
			[{ bank: { __rl: true, mode: 'id', value: '0' } }, 'Bank'],
		];
		for (const [change, field] of cases) {
			const { items } = await run({ ...base, ...change }, undefined, { continueOnFail: true });
			expect(items[0].json).toMatchObject({ field, outcome: 'not_sent' });
		}
		expect(await sandbox.control.count('POST /{url}')).toBe(0);
	});

	it('full chain: create → Daviplata → OTP read from the sandbox → confirm → Get shows paid', async () => {
		const slug = await newPayment();
		const started = await run({
			resource: 'checkout',
			operation: 'payWithDaviplata',
			slug,
			...payer,
		});
		expect(started.items[0].json).toMatchObject({ slug, otp_sent: true, order_state: 'PENDIENTE' });
		const otp = await sandbox.control.otp(slug);
		const confirmed = await run({ resource: 'checkout', operation: 'confirmWalletOtp', slug, otp });
		expect(confirmed.items[0].json).toMatchObject({ slug, confirmed: true, result: 'OK' });
		const read = await run({ resource: 'payment', operation: 'get', slug });
		expect(read.items[0].json).toMatchObject({
			state: 3,
			state_label: 'paid',
			payment_method: 'daviplata',
		});
	});

	it('a wrong OTP fails with the service detail; the object stays unpaid', async () => {
		const slug = await newPayment();
		await run({ resource: 'checkout', operation: 'payWithDaviplata', slug, ...payer });
		const otp = await sandbox.control.otp(slug);
		const { error } = await run({
			resource: 'checkout',
			operation: 'confirmWalletOtp',
			slug,
			otp: otp === '123456' ? '654321' : '123456',
		});
		expect(error?.message).toBe(
			`The OTP confirmation of ${slug}: the service answered HTTP 400: OTP incorrecto`,
		);
		expect((await sandbox.control.payment(slug)).state).toBe(1);
		const malformed = await run(
			{ resource: 'checkout', operation: 'confirmWalletOtp', slug, otp: '12ab' },
			undefined,
			{ continueOnFail: true },
		);
		expect(malformed.items[0].json).toMatchObject({ field: 'OTP', outcome: 'not_sent' });
	});

	it('Bre-B returns the QR payload and key; a disabled Bre-B gives the service detail', async () => {
		const slug = await newPayment();
		const { items } = await run({
			resource: 'checkout',
			operation: 'payWithBreb',
			slug,
			methodKey: 'breb',
		});
		expect(items[0].json).toMatchObject({
			method: 'breb',
			order_state: 'PENDIENTE',
			key_value: expect.stringMatching(/^@/),
		});
		expect(items[0].json.qr_value).toEqual(expect.any(String));
		await sandbox.control.settings({ brebEnabled: false });
		const other = await newPayment();
		const refused = await run({
			resource: 'checkout',
			operation: 'payWithBreb',
			slug: other,
			methodKey: 'breb',
		});
		// Observed: {"result": "NOT_ALLOWED", "error": …}; spec: {error, detail}.
		expect(refused.error?.message).toContain(observed ? '(NOT_ALLOWED)' : 'no está habilitado');
		expect(refused.error?.httpCode).toBe('403');
	});

	it('Nequi and another method send their fields; plain (not double-encoded) answers read the same', async () => {
		await sandbox.control.settings({ doubleEncodeCheckout: false });
		const slug = await newPayment();
		const nequi = await run({
			resource: 'checkout',
			operation: 'payWithNequi',
			slug,
			...payer,
			additionalFields: '{"name":"Not this one","note":"x"}',
		});
		expect(nequi.items[0].json).toMatchObject({ method: 'NEQUI', state_label: 'in_process' });
		// The payer fields take precedence over Additional Fields.
		expect((await sandbox.control.payment(slug)).payer).toMatchObject({
			phone: '3001112233',
			name: 'Ana Pérez',
		});
		const other = await newPayment();
		const cash = await run({
			resource: 'checkout',
			operation: 'payWithOtherMethod',
			slug: other,
			methodKey: 'cash',
			fields: '{"email":"a@b.co"}',
		});
		expect(cash.items[0].json).toMatchObject({ method: 'cash', order_state: 'PENDIENTE' });
	});

	it('an already paid object and a method the object does not enable give the service detail', async () => {
		const slug = await newPayment();
		await sandbox.control.pay(slug);
		const paid = await run({
			resource: 'checkout',
			operation: 'payWithBreb',
			slug,
			methodKey: 'breb',
		});
		// Observed: {"result": "PAY_IS_PAYED"} (400), {"result": "NOT_ALLOWED", …} (403); spec: {error,
		// detail}.
		expect(paid.error?.message).toContain(
			observed ? 'The payment object is already paid (PAY_IS_PAYED)' : 'ya fue pagado',
		);
		expect(paid.error?.httpCode).toBe(observed ? '400' : '409');
		const onlyPse = await newPayment(['pse']);
		const notEnabled = await run({
			resource: 'checkout',
			operation: 'payWithDaviplata',
			slug: onlyPse,
			...payer,
		});
		expect(notEnabled.error?.message).toContain(observed ? '(NOT_ALLOWED)' : 'no está habilitado');
		expect(notEnabled.error?.httpCode).toBe(observed ? '403' : '400');
	});
});
