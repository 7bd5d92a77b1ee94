import fc from 'fast-check';
import type { INode, INodeProperties } from 'n8n-workflow';

import { readPositiveAmount, readWholeAmount } from '../../../../nodes/Pay/helpers/amount';
import { Pay } from '../../../../nodes/Pay/Pay.node';
import { readInstantPaymentKey } from '../../../../nodes/Pay/helpers/instantPaymentKey';
import { readSlug } from '../../../../nodes/Pay/helpers/slug';
import { readVerificationCode } from '../../../../nodes/Pay/helpers/verificationCode';

const node = {
	name: 'Pay',
	type: 'n8n-nodes-pay.pay',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
} as unknown as INode;

describe('instant-payment key', () => {
	it('accepts every Colombian mobile number, however it is written', () => {
		fc.assert(
			fc.property(
				fc.stringMatching(/^3\d{9}$/),
				fc.constantFrom('', '+57', '57', '+57 '),
				(number, prefix) => {
					const spaced = `${prefix}${number.slice(0, 3)} ${number.slice(3, 6)}-${number.slice(6)}`;
					expect(readInstantPaymentKey(node, 0, 'Key', spaced)).toBe(number);
				},
			),
		);
	});

	it('refuses numbers that are not mobiles and texts that are not aliases, naming the field', () => {
		fc.assert(
			fc.property(fc.stringMatching(/^[0-24-9]\d{9}$/), (number) => {
				expect(() => readInstantPaymentKey(node, 0, 'Key', number)).toThrow(/^Key: /);
			}),
		);
		for (const bad of ['', 'alias', '@', '@a', '@with space', '31234']) {
			expect(() => readInstantPaymentKey(node, 0, 'Key', bad)).toThrow(/^Key: /);
		}
		expect(readInstantPaymentKey(node, 0, 'Key', '@shop.payouts')).toBe('@shop.payouts');
	});
});

describe('verification code', () => {
	it('turns 4 to 8 typed digits into the integer and refuses anything else', () => {
		fc.assert(
			fc.property(fc.stringMatching(/^\d{4,8}$/), (digits) => {
				expect(readVerificationCode(node, 0, 'Code', ` ${digits} `)).toBe(Number(digits));
			}),
		);
		for (const bad of ['', '123', '123456789', '12a4', '12.34']) {
			expect(() => readVerificationCode(node, 0, 'Code', bad)).toThrow(/^Code: /);
		}
	});
});

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

	it('refuses a third decimal instead of rounding it, and drops only binary noise', () => {
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
		expect(readPositiveAmount(node, 0, 'Amount (COP)', 0.1 + 0.2)).toBe(0.3);
		expect(readPositiveAmount(node, 0, 'Amount (COP)', 1.15 * 3)).toBe(3.45);
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

describe('payment slug', () => {
	it('reads a slug or the last segment of a page link, and refuses empty or odd text', () => {
		expect(readSlug(node, 0, ' aB3dE9 ')).toBe('aB3dE9');
		expect(readSlug(node, 0, 'https://pay.example/checkout/aB3dE9/')).toBe('aB3dE9');
		expect(() => readSlug(node, 0, '')).toThrow(/^Payment Slug: is empty/);
		expect(() => readSlug(node, 0, 'a b')).toThrow(/not a payment slug/);
	});

	it('says in its error what a slug may hold, which is what it takes', () => {
		expect(readSlug(node, 0, 'aB_3-dE9')).toBe('aB_3-dE9');
		expect(readSlug(node, 0, 'x'.repeat(64))).toBe('x'.repeat(64));
		const rule = 'is not a payment slug (1 to 64 letters, digits, "_" or "-")';
		expect(() => readSlug(node, 0, 'a.b')).toThrow(`Payment Slug: "a.b" ${rule}`);
		expect(() => readSlug(node, 0, 'x'.repeat(65))).toThrow(rule);
	});
});
