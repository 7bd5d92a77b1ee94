import fc from 'fast-check';
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { readPositiveAmount, readWholeAmount } from '../../../../nodes/Pay/helpers/amount';
import { Pay } from '../../../../nodes/Pay/Pay.node';
import { payNode } from '../../../harness/payNode';

const node = payNode();

describe('whole amounts', () => {
	it('never rounds a fraction', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 10_000_000 }),
				fc.integer({ min: 1, max: 99 }),
				(pesos, cents) => {
					expect(() => readWholeAmount(node, 0, 'Amount (COP)', pesos + cents / 100)).toThrow(
						/not rounded/,
					);
					expect(readWholeAmount(node, 0, 'Amount (COP)', String(pesos))).toBe(pesos);
				},
			),
		);
	});
});

describe('amounts in cents', () => {
	it('takes any amount of whole cents as it is, typed or as text', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 100_000_000_000 }), (cents) => {
				const amount = cents / 100;
				expect(readPositiveAmount(node, 0, 'Amount (COP)', amount)).toBe(amount);
				expect(readPositiveAmount(node, 0, 'Amount (COP)', amount.toFixed(2))).toBe(amount);
			}),
		);
	});

	it('refuses a third decimal instead of rounding it, and binary noise with it', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: 1_000_000_000 }),
				fc.integer({ min: 1, max: 9 }),
				(cents, thousandth) => {
					const amount = (cents * 10 + thousandth) / 1000;
					expect(() => readPositiveAmount(node, 0, 'Amount (COP)', amount)).toThrow(
						/^Amount \(COP\): has more than two decimals.*not rounded/,
					);
				},
			),
		);
		// Noise or meant, the node cannot tell: 0.30000000000000004 is what the mapping gave.
		expect(() => readPositiveAmount(node, 0, 'Amount (COP)', 0.1 + 0.2)).toThrow(/not rounded/);
		expect(() => readPositiveAmount(node, 0, 'Amount (COP)', 1.15 * 3)).toThrow(/not rounded/);
	});

	it("leaves what is typed in an amount field to the node: no field lets n8n's editor round it (numberPrecision)", () => {
		const amountFields: INodeProperties[] = [];
		const visit = (properties: INodeProperties[]) => {
			for (const property of properties) {
				if (property.type === 'number' && /amount/i.test(property.name))
					amountFields.push(property);
				const children = (property.options ?? []) as unknown[];
				visit(
					children.filter(
						(child): child is INodeProperties =>
							typeof child === 'object' && child !== null && 'type' in child,
					),
				);
			}
		};
		visit(new Pay().description.properties);
		expect(amountFields.length).toBeGreaterThanOrEqual(5);
		expect(
			amountFields.filter((field) => field.typeOptions?.numberPrecision !== undefined),
		).toEqual([]);
	});
});

/**
 * Adversarial amounts: texts and numbers of every shape a mapping may give. An amount is sent
 * exactly as given or refused naming the field; the oracle below reads decimals with BigInt, so
 * it shares no arithmetic with the reader under test.
 */
describe('amounts are sent exactly as given, or refused naming the field', () => {
	/** A decimal text's exact value as units of 10^-scale, by BigInt: no floating point. */
	const exact = (text: string): { units: bigint; scale: number } => {
		const [whole, fraction = ''] = text.replace(/,/g, '').trim().split('.');
		return { units: BigInt(whole + fraction), scale: fraction.length };
	};
	const sameValue = (a: string, b: string) => {
		const x = exact(a);
		const y = exact(b);
		return x.units * 10n ** BigInt(y.scale) === y.units * 10n ** BigInt(x.scale);
	};
	/** What goes into the JSON body, as the service reads it. */
	const sentText = (amount: number) => JSON.stringify({ amount }).slice('{"amount":'.length, -1);
	const refusal = (read: () => unknown): string | undefined => {
		try {
			read();
			return undefined;
		} catch (error) {
			const { message, context } = error as { message: string; context: IDataObject };
			expect(message).toMatch(/^Amount \(COP\): /);
			expect(context).toMatchObject({ field: 'Amount (COP)', outcome: 'not_sent' });
			return message;
		}
	};

	/** Texts as people and spreadsheets write them, and as they should not. */
	const amountText = fc
		.record({
			sign: fc.constantFrom('', '', '', '-', '+'),
			zeros: fc.constantFrom('', '', '0', '00'),
			whole: fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9]\d{0,20}$/)),
			grouped: fc.boolean(),
			fraction: fc.option(fc.stringMatching(/^\d{0,6}$/)),
			pad: fc.constantFrom('', ' ', '\t', ' \n'),
		})
		.map(({ sign, zeros, whole, grouped, fraction, pad }) => {
			const digits = grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : zeros + whole;
			return `${pad}${sign}${digits}${fraction === null ? '' : `.${fraction}`}${pad}`;
		});

	it('sends a text amount with the same value it was written with, and takes every one it can', () => {
		fc.assert(
			fc.property(amountText, (text) => {
				let amount: number | undefined;
				const refused = refusal(() => (amount = readPositiveAmount(node, 0, 'Amount (COP)', text)));
				const trimmed = text.trim();
				const decimals = trimmed.split('.')[1];
				// Digits of the value: no leading zeros, none after the last decimal.
				let { units, scale } = exact(trimmed.replace(/^[-+]/, ''));
				while (scale > 0 && units % 10n === 0n) [units, scale] = [units / 10n, scale - 1];
				const significant = units.toString().length;
				const sendable =
					/^[0-9,]+(\.\d*)?$/.test(trimmed) &&
					!trimmed.endsWith('.') &&
					units > 0n &&
					(decimals ?? '').length <= 2 &&
					significant <= 15;
				if (refused === undefined) {
					expect(sameValue(sentText(amount as number), trimmed)).toBe(true);
					expect(sentText(amount as number)).toMatch(/^\d+(\.\d{1,2})?$/);
				}
				expect(refused === undefined).toBe(sendable);
			}),
			{ numRuns: 1000 },
		);
	});

	it('sends a mapped number as the very number given, with at most two decimals, or refuses it', () => {
		fc.assert(
			fc.property(
				fc.oneof(
					fc.double(),
					fc.double({ min: 0.001, max: 1e16 }),
					fc.integer({ min: 1, max: 10 ** 15 }).map((cents) => cents / 100),
					fc.bigInt({ min: 1n, max: 10n ** 22n }).map(Number),
				),
				(given) => {
					let amount: number | undefined;
					const refused = refusal(
						() => (amount = readPositiveAmount(node, 0, 'Amount (COP)', given)),
					);
					if (refused !== undefined) return;
					const sent = sentText(amount as number);
					expect(Number(sent)).toBe(given);
					expect(sent).toMatch(/^\d{1,15}(\.\d{1,2})?$/);
					expect(sent.replace('.', '').replace(/^0+/, '').length).toBeLessThanOrEqual(15);
				},
			),
			{ numRuns: 1000 },
		);
	});

	it('refuses what main sent changed: a third decimal too small to see, digits past a double, 1e21', () => {
		const read = (raw: unknown) => refusal(() => readPositiveAmount(node, 0, 'Amount (COP)', raw));
		// On main each of these was sent: as 1000, as 9007199254740992, as 1e+21, as 0.3, as 1.
		expect(read('1000.0000000000001')).toMatch(/more than two decimals/);
		expect(read('9007199254740993')).toMatch(/too large to be sent exactly/);
		expect(read(9007199254740993)).toMatch(/too large to be sent exactly/);
		expect(read(1e21)).toMatch(/too large to be sent exactly/);
		expect(read(0.1 + 0.2)).toMatch(/more than two decimals.*got 0\.30000000000000004/);
		expect(read('1.000')).toMatch(/more than two decimals.*1,000/);
		expect(read('1000.005')).toMatch(/more than two decimals/);
		expect(readPositiveAmount(node, 0, 'Amount (COP)', '1,000')).toBe(1000);
		expect(readPositiveAmount(node, 0, 'Amount (COP)', '9999999999999.99')).toBe(9999999999999.99);
		// Whole pesos: "50.000" is fifty thousand pesos in Colombian writing; main withdrew 50.
		const whole = (raw: unknown) => refusal(() => readWholeAmount(node, 0, 'Amount (COP)', raw));
		expect(whole('50.000')).toMatch(/whole number of pesos/);
		expect(whole('50000.0000000000001')).toMatch(/whole number of pesos/);
		expect(readWholeAmount(node, 0, 'Amount (COP)', '50000.00')).toBe(50000);
		expect(whole(10 ** 15)).toMatch(/too large to be sent exactly/);
		expect(readWholeAmount(node, 0, 'Amount (COP)', 10 ** 15 - 1)).toBe(10 ** 15 - 1);
	});
});
