/**
 * Checkout answers as the service's real clients see them (records with the object inside `fields`,
 * PSE's link in `checkout`), Nequi with `phone_nequi` and `push`, the bank button and the cash
 * networks: through n8n's engine, against the profile the jest project runs. The outputs have the
 * same names and types in both profiles; what only the live service's answers carry is null with
 * the spec's shapes.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Fault, Sandbox } from '../../../../../sandbox';
import { runPayNode } from '../../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../../harness/sandboxPerFile';
import { profileUnderTest } from '../../../../harness/sandboxProfile';
import { PAYER, pseCheckout } from '../../../../harness/parameters';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const observed = profileUnderTest() === 'observed';
const CASH_NETWORKS = ['corresponsal_bancolombia', 'dale', 'efecty'];

const run = (parameters: Record<string, unknown>, settings = {}) =>
	runPayNode({
		parameters: parameters as never,
		credentials: sandboxCredentials(sandbox),
		settings,
	});

const payer = { ...PAYER };

async function newPayment(): Promise<string> {
	const { items, error } = await run({
		resource: 'payment',
		operation: 'create',
		amount: 50000,
		description: 'Checkout test',
		paymentMethods: ['pse', 'NEQUI', 'daviplata'],
		payerRedirectUrl: 'https://shop.example/thanks',
		callbackUrl: 'https://hooks.example/webhook/pay',
		expirationDays: 1,
		options: { otherMethodKeys: ['bancolombia_transfer', ...CASH_NETWORKS].join(', ') },
	});
	if (error) throw new Error(error.message);
	return items[0].json.slug as string;
}

/** What every checkout outputs, whichever answer it read. */
function expectCommonOutput(json: IDataObject, slug: string, method: string): void {
	expect(json).toMatchObject({
		slug,
		method,
		order_state: 'PENDIENTE',
		state: 1,
		state_label: 'in_process',
	});
	expect(json.payment).toMatchObject({
		url: slug,
		state: 1,
		state_label: 'in_process',
		amount: 50000,
	});
}

describe('checkout answers of either shape', () => {
	it('PSE: the state and the object come from the answer, bank_redirect_url is the bank link', async () => {
		const slug = await newPayment();
		const { items, error } = await run(pseCheckout(slug));
		expect(error).toBeUndefined();
		expectCommonOutput(items[0].json, slug, 'pse');
		expect(items[0].json.bank_redirect_url).toBe(`${sandbox.baseUrl}/_sandbox/bank/${slug}`);
		// Observed: the link is the order's `checkout`; spec: `bank_url`.
		expect((items[0].json.order as IDataObject)[observed ? 'checkout' : 'bank_url']).toBe(
			items[0].json.bank_redirect_url,
		);
	});
});

describe('Pay with Nequi', () => {
	it('sends phone_nequi and push (default yes) with the payer, and outputs the link to approve', async () => {
		const slug = await newPayment();
		const { items, error } = await run({
			resource: 'checkout',
			operation: 'payWithNequi',
			slug,
			...payer,
		});
		expect(error).toBeUndefined();
		expectCommonOutput(items[0].json, slug, 'NEQUI');
		expect(items[0].json).toMatchObject({ push_notification: true, qr_data: null });
		expect(items[0].json.checkout_url).toBe(
			observed ? `${sandbox.baseUrl}/_sandbox/checkout/${slug}` : null,
		);
		expect((await sandbox.control.payment(slug)).payer).toMatchObject({
			name: 'Ana Pérez',
			id: '1020304050',
			phone: '3001112233',
		});
	});

	it("without push outputs the QR data of the order's ref; Nequi Phone, given with +57, goes instead of Payer Phone", async () => {
		const slug = await newPayment();
		const { items, error } = await run({
			resource: 'checkout',
			operation: 'payWithNequi',
			slug,
			...payer,
			nequiPhone: '+57 310 555-1234',
			push: false,
		});
		expect(error).toBeUndefined();
		expectCommonOutput(items[0].json, slug, 'NEQUI');
		expect(items[0].json).toMatchObject({ push_notification: false, checkout_url: null });
		if (observed) expect(items[0].json.qr_data).toMatch(/^000201.*3105551234/);
		else expect(items[0].json.qr_data).toBeNull();
	});

	it('takes a Nequi Phone written with brackets and dots, sent as its 10 digits', async () => {
		const slug = await newPayment();
		const { items, error } = await run({
			resource: 'checkout',
			operation: 'payWithNequi',
			slug,
			...payer,
			nequiPhone: '(310) 555.1234',
			push: false,
		});
		expect(error).toBeUndefined();
		expectCommonOutput(items[0].json, slug, 'NEQUI');
		if (observed) expect(items[0].json.qr_data).toMatch(/^000201.*3105551234/);
	});

	it('refuses a Nequi Phone that is no Colombian mobile, and an empty one when Payer Phone is none, before sending', async () => {
		const slug = await newPayment();
		const cases: Array<[IDataObject, RegExp]> = [
			[{ nequiPhone: '12345' }, /^Nequi Phone: "12345" is not a Colombian mobile number/],
			[
				{ payerPhone: '601 555 1234' },
				/^Nequi Phone: is empty and Payer Phone "6015551234" is not a Colombian mobile number/,
			],
			[{ push: '={{ "maybe" }}' }, /^Send Push Notification: must be true or false/],
		];
		for (const [change, message] of cases) {
			const { items } = await run(
				{ resource: 'checkout', operation: 'payWithNequi', slug, ...payer, ...change },
				{ continueOnFail: true },
			);
			expect(items[0].json).toMatchObject({ outcome: 'not_sent' });
			expect(items[0].json.error).toMatch(message);
		}
		expect(await sandbox.control.count('POST /{url}')).toBe(0);
	});
});

describe('Pay with Bank Button', () => {
	it('sends the payer with bancolombia_transfer and outputs the link to send the payer to', async () => {
		const slug = await newPayment();
		const { items, error } = await run({
			resource: 'checkout',
			operation: 'payWithBankButton',
			slug,
			...payer,
		});
		expect(error).toBeUndefined();
		expectCommonOutput(items[0].json, slug, 'bancolombia_transfer');
		expect(items[0].json.bank_redirect_url).toBe(
			observed ? `${sandbox.baseUrl}/_sandbox/bank/${slug}` : null,
		);
		expect(await sandbox.control.payment(slug)).toMatchObject({
			paymentMethod: 'bancolombia_transfer',
			payer: { email: 'ana@example.com' },
		});
	});
});

describe('Pay in Cash', () => {
	it.each(CASH_NETWORKS)(
		'%s: outputs the PIN and the agreement number the payer takes to the counter',
		async (network) => {
			const slug = await newPayment();
			const { items, error } = await run({
				resource: 'checkout',
				operation: 'payInCash',
				slug,
				cashNetwork: network,
				...payer,
			});
			expect(error).toBeUndefined();
			expectCommonOutput(items[0].json, slug, network);
			if (observed) {
				const order = items[0].json.order as IDataObject;
				expect(items[0].json.payment_pin).toMatch(/^\d{8}$/);
				expect(items[0].json).toMatchObject({
					payment_pin: order.ref,
					agreement_number: order.project_code,
				});
				expect(items[0].json.next_step).toContain(String(items[0].json.payment_pin));
			} else {
				expect(items[0].json).toMatchObject({
					payment_pin: null,
					agreement_number: null,
					next_step: 'The service sent no PIN: see order and raw',
				});
			}
		},
	);

	it('refuses a network it does not know and a malformed payer email, naming the field, before sending', async () => {
		const slug = await newPayment();
		const cases: Array<[IDataObject, string]> = [
			[{ cashNetwork: '={{ "baloto" }}' }, 'Cash Network'],
			[{ payerEmail: 'ana.example.com' }, 'Payer Email'],
		];
		for (const [change, field] of cases) {
			const { items } = await run(
				{
					resource: 'checkout',
					operation: 'payInCash',
					slug,
					cashNetwork: 'efecty',
					...payer,
					...change,
				},
				{ continueOnFail: true },
			);
			expect(items[0].json).toMatchObject({ field, outcome: 'not_sent' });
		}
		expect(await sandbox.control.count('POST /{url}')).toBe(0);
	});
});

describe('refusals of the live service', () => {
	it("a payer document too long for the service is refused there (LIMIT_LENGTH_CC), not retried; the spec's service takes it", async () => {
		const slug = await newPayment();
		const { items } = await run(
			{
				resource: 'checkout',
				operation: 'payInCash',
				slug,
				cashNetwork: 'efecty',
				...payer,
				documentNumber: 'AB1234567890123456',
			},
			{ continueOnFail: true, retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
		);
		expect(await sandbox.control.count('POST /{url}')).toBe(1);
		if (observed) {
			expect(items[0].json).toMatchObject({
				outcome: 'refused',
				httpCode: '400',
				code: 'LIMIT_LENGTH_CC',
				error: expect.stringMatching(
					/^The efecty checkout of \w+: the service answered HTTP 400: The payer's document number is too long \(LIMIT_LENGTH_CC\)$/,
				),
			});
			expect((await sandbox.control.payment(slug)).state).toBe(0);
		} else {
			expect(items[0].json).toMatchObject({ state_label: 'in_process' });
		}
	});
});

describe('at most once', () => {
	type Case = [operation: string, parameters: IDataObject];
	const CASES: Case[] = [
		['payInCash', { cashNetwork: 'dale', ...payer }],
		['payWithBankButton', payer],
	];
	const FAULTS: Array<[string, Omit<Fault, 'route'>]> = [
		['502 after processing', { status: 502, afterProcessing: true }],
		['connection reset after processing', { reset: 'after' }],
	];

	describe.each(FAULTS)('with %s', (_name, fault) => {
		it.each(CASES)(
			'%s reaches the service once, even with Retry On Fail, and the outcome is unknown',
			async (operation, parameters) => {
				const slug = await newPayment();
				await sandbox.control.injectFault({ route: 'POST /{url}', ...fault, times: 5 });
				const { items } = await run(
					{
						resource: 'checkout',
						operation,
						slug,
						...parameters,
						requestOptions: { timeoutMs: 300, maxRetries: 3 },
					},
					{ continueOnFail: true, retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
				);
				expect(await sandbox.control.count('POST /{url}')).toBe(1);
				expect(items[0].json.outcome).toBe('unknown');
				expect(items[0].json.errorDescription).toMatch(/Payment → Get/);
			},
		);
	});
});
