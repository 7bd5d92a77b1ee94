/**
 * Payment → Create through n8n's engine: whatever amount a mapping gives, the service stores that
 * amount to the cent, or the item is refused naming the field and nothing is created.
 */
import fc from 'fast-check';

import type { Sandbox } from '../../../../../sandbox';
import { runPayNode } from '../../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../../harness/sandboxPerFile';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const create = async (amount: unknown) =>
	await runPayNode({
		parameters: {
			resource: 'payment',
			operation: 'create',
			amount: '={{ $json.amount }}',
			description: 'Exact',
			paymentMethods: ['pse'],
			payerRedirectUrl: 'https://shop.example/thanks',
			callbackUrl: 'https://hooks.example/pay',
			expirationDays: 1,
			options: {},
		} as never,
		input: [{ amount } as never],
		credentials: sandboxCredentials(sandbox),
		settings: { continueOnFail: true },
	});

/** Amounts near the edges: a third decimal, past a double's digits, noise, a dotted thousand. */
const edgeAmount = fc.oneof(
	fc.constantFrom('1000.0000000000001', '9007199254740993', '1.000', '1000.005', '1,000', 1e21),
	fc.stringMatching(/^[1-9]\d{0,17}(\.\d{1,4})?$/),
	fc.double({ min: 0.001, max: 1e17, noNaN: true }),
	fc.integer({ min: 1, max: 10 ** 9 }).map((cents) => cents / 100),
);

/** "001,000.50" → "1000.5": the value's digits, as JavaScript writes a number. */
const digitsOf = (text: string): string => {
	const [whole, fraction = ''] = text.replace(/,/g, '').split('.');
	const decimals = fraction.replace(/0+$/, '');
	return `${whole.replace(/^0+(?=\d)/, '')}${decimals ? `.${decimals}` : ''}`;
};

describe('Payment → Create sends the amount given, to the cent, or nothing', () => {
	it('stores exactly the amount mapped, or refuses it naming Amount (COP) with nothing created', async () => {
		await fc.assert(
			fc.asyncProperty(edgeAmount, async (amount) => {
				const before = await sandbox.control.count('POST /pay/');
				const { items } = await create(amount);
				const out = items[0].json as { slug?: string; field?: string; outcome?: string };
				if (out.slug === undefined) {
					expect(out).toMatchObject({ field: 'Amount (COP)', outcome: 'not_sent' });
					expect(await sandbox.control.count('POST /pay/')).toBe(before);
					return;
				}
				const stored = await sandbox.control.payment(out.slug);
				// The sandbox keeps the number the JSON body carried: it writes as the amount given.
				expect(String(stored.amount)).toBe(
					typeof amount === 'number' ? String(amount) : digitsOf(amount),
				);
			}),
			{ numRuns: 12 },
		);
	});
});
