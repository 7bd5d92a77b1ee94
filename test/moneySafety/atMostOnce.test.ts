/**
 * A checkout, an OTP confirmation, a transfer and a withdrawal move money: whatever fails, each
 * reaches the service at most once per item per execution, n8n's Retry On Fail included, and an
 * unknown outcome says so, with how to check. Where the service carried it out and can tell (the
 * transfer list, a paid payment object), the item is `sent`, with what the service showed.
 */
import type { Fault, Sandbox } from '../../sandbox';
import { runPayNode } from '../harness/runWorkflow';
import { sandboxCredentials } from '../harness/sandboxCredentials';
import { useSandboxPerFile } from '../harness/sandboxPerFile';
import { WITHDRAW_TO_PAYEE } from '../harness/parameters';

let sandbox: Sandbox;

useSandboxPerFile((started) => (sandbox = started));

const payer = {
	payerName: 'Ana',
	documentType: 'CC',
	documentNumber: '1020304050',
	payerEmail: 'ana@example.com',
	payerPhone: '3001112233',
};
const fastTimeout = { requestOptions: { timeoutMs: 300, maxRetries: 3 } };

async function newPayment(): Promise<string> {
	const { items } = await runPayNode({
		parameters: {
			resource: 'payment',
			operation: 'create',
			amount: 1000,
			description: 'x',
			paymentMethods: ['daviplata'],
			payerRedirectUrl: 'https://shop.example/thanks',
			callbackUrl: 'https://hooks.example/webhook/pay',
			expirationDays: 1,
		},
		credentials: sandboxCredentials(sandbox),
	});
	return items[0].json.slug as string;
}

type Case = [name: string, fault: Omit<Fault, 'route'>, outcome: 'unknown' | 'refused'];
const FAULTS: Case[] = [
	['500 before processing', { status: 500 }, 'unknown'],
	['502 after processing', { status: 502, afterProcessing: true }, 'unknown'],
	['503 with Retry-After', { status: 503, retryAfter: 1 }, 'unknown'],
	['429 with Retry-After', { status: 429, retryAfter: 1 }, 'refused'],
	['timeout', { latencyMs: 1500 }, 'unknown'],
	['connection reset after processing', { reset: 'after' }, 'unknown'],
	['connection reset before processing', { reset: 'before' }, 'unknown'],
	['HTML body after processing', { body: 'html' }, 'unknown'],
];

/**
 * Faults after which the service has carried the request out, so that asking it settles the
 * outcome.
 */
const carriedOut = (fault: Omit<Fault, 'route'>) =>
	fault.afterProcessing === true || fault.reset === 'after' || fault.body !== undefined;

describe.each(FAULTS)('with %s', (_name, fault, outcome) => {
	it('a Daviplata checkout reaches the service once, even with Retry On Fail, and the item says the outcome', async () => {
		const slug = await newPayment();
		await sandbox.control.injectFault({ route: 'POST /{url}', ...fault, times: 5 });
		const { items } = await runPayNode({
			parameters: {
				resource: 'checkout',
				operation: 'payWithDaviplata',
				slug,
				...payer,
				...fastTimeout,
			},
			credentials: sandboxCredentials(sandbox),
			settings: { continueOnFail: true, retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
		});
		expect(await sandbox.control.count('POST /{url}')).toBe(1);
		expect(items[0].json.outcome).toBe(outcome);
		if (outcome === 'unknown') {
			expect(items[0].json.error).toMatch(/may have/);
			expect(items[0].json.errorDescription).toMatch(/Payment → Get/);
		}
	});

	it('an OTP confirmation reaches the service once', async () => {
		const slug = await newPayment();
		await runPayNode({
			parameters: { resource: 'checkout', operation: 'payWithDaviplata', slug, ...payer },
			credentials: sandboxCredentials(sandbox),
		});
		const otp = await sandbox.control.otp(slug);
		await sandbox.control.injectFault({
			route: 'POST /pay/confirm_daviplata/',
			...fault,
			times: 5,
		});
		const { items } = await runPayNode({
			parameters: {
				resource: 'checkout',
				operation: 'confirmWalletOtp',
				slug,
				otp,
				...fastTimeout,
			},
			credentials: sandboxCredentials(sandbox),
			settings: { continueOnFail: true, retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
		});
		expect(await sandbox.control.count('POST /pay/confirm_daviplata/')).toBe(1);
		if (carriedOut(fault)) {
			// The payment object is paid: the confirmation went through.
			expect(items[0].json).toMatchObject({
				outcome: 'sent',
				resolved_by: `GET /pay_detail/${slug}`,
				payment: { slug, state_label: 'paid' },
			});
		} else expect(items[0].json.outcome).toBe(outcome);
	});

	it('a transfer reaches the service once and debits at most once', async () => {
		await sandbox.control.injectFault({ route: 'POST /send/', ...fault, times: 5 });
		const { items } = await runPayNode({
			parameters: {
				resource: 'transfer',
				operation: 'send',
				recipient: 'friend',
				amount: 1000,
				...fastTimeout,
			},
			credentials: sandboxCredentials(sandbox),
			settings: { continueOnFail: true, retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
		});
		expect(await sandbox.control.count('POST /send/')).toBe(1);
		expect((await sandbox.control.account('demo')).balance).toBeGreaterThanOrEqual(999_000);
		if (carriedOut(fault)) {
			expect(items[0].json).toMatchObject({
				outcome: 'sent',
				resolved_by: 'GET /send/',
				transfer: { to_user: 'friend', amount: 1000 },
			});
			return;
		}
		expect(items[0].json.outcome).toBe(outcome);
		if (outcome === 'unknown') {
			expect(items[0].json.errorDescription).toMatch(/Transfer → Get Many/);
			expect(items[0].json.errorDescription).toMatch(
				/Asked the service: GET \/send\/ lists no such transfer/,
			);
		}
	});

	it('a withdrawal reaches the service once and debits at most once', async () => {
		await sandbox.control.injectFault({ route: 'POST /withdraw/co/', ...fault, times: 5 });
		const { items } = await runPayNode({
			parameters: { ...WITHDRAW_TO_PAYEE, ...fastTimeout },
			credentials: sandboxCredentials(sandbox),
			settings: { continueOnFail: true, retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
		});
		expect(await sandbox.control.count('POST /withdraw/co/')).toBe(1);
		expect((await sandbox.control.withdrawals()).length).toBeLessThanOrEqual(1);
		expect(items[0].json.outcome).toBe(outcome);
		if (outcome === 'unknown') expect(items[0].json.error).toMatch(/may have/);
	});
});

describe('a batch where a later item fails', () => {
	it('does not send the earlier items again when n8n retries the node', async () => {
		await sandbox.control.createAccount({ username: 'third', phone: '3150000000' });
		const { items, error } = await runPayNode({
			parameters: {
				resource: 'transfer',
				operation: 'send',
				recipient: '={{ $json.to }}',
				amount: 100,
			},
			input: [{ to: 'friend' }, { to: 'third' }, { to: 'nobody' }],
			credentials: sandboxCredentials(sandbox),
			settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
		});
		expect(error?.message).toMatch(/nobody no existe/);
		expect(items).toHaveLength(0);
		expect(await sandbox.control.count('POST /send/')).toBe(3);
		expect((await sandbox.control.account('friend')).balance).toBe(100);
		expect((await sandbox.control.account('third')).balance).toBe(100);
	});
});
