import fc from 'fast-check';
import type { INodeProperties } from 'n8n-workflow';

import { readPositiveAmount, readWholeAmount } from '../../../../nodes/Pay/helpers/fieldInput';
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
