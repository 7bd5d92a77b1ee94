import fc from 'fast-check';

import {
	passesLuhn,
	readCardNumber,
	readCvv,
	readExpiry,
} from '../../../../nodes/Pay/helpers/cardInput';
import { payNode } from '../../../harness/payNode';

const node = payNode();

/** Appends the Luhn check digit to a body of digits. */
function withCheckDigit(body: string): string {
	for (let digit = 0; digit <= 9; digit++) if (passesLuhn(body + digit)) return body + digit;
	throw new Error('unreachable');
}

describe('card number', () => {
	it('accepts every Luhn-valid number of 12-19 digits, with spaces or dashes', () => {
		fc.assert(
			fc.property(fc.stringMatching(/^\d{11,18}$/), (body) => {
				const number = withCheckDigit(body);
				const spaced = number.replace(/(\d{4})/g, '$1 ').trim();
				expect(readCardNumber(node, 0, spaced)).toBe(number);
				expect(readCardNumber(node, 0, number.replace(/(\d{4})/g, '$1-'))).toBe(number);
			}),
		);
	});

	it('refuses any single-digit typo without repeating the number in the message', () => {
		fc.assert(
			fc.property(
				fc.stringMatching(/^\d{15}$/),
				fc.integer({ min: 0, max: 15 }),
				fc.integer({ min: 1, max: 9 }),
				(body, position, shift) => {
					const number = withCheckDigit(body);
					const typo =
						number.slice(0, position) +
						((Number(number[position]) + shift) % 10) +
						number.slice(position + 1);
					let message = '';
					try {
						readCardNumber(node, 0, typo);
					} catch (error) {
						message = (error as Error).message;
					}
					expect(message).toMatch(/^Card Number: /);
					expect(message).not.toContain(typo);
				},
			),
		);
	});

	it('refuses letters, too few or too many digits', () => {
		for (const bad of ['', '4111-1111-abcd-1111', '41111111111', '41111111111111111111']) {
			expect(() => readCardNumber(node, 0, bad)).toThrow(/^Card Number: /);
		}
	});
});

describe('expiry and CVV', () => {
	const now = new Date(Date.UTC(2026, 10, 23));
	it('accepts the current month and later, normalised to MM/YY', () => {
		expect(readExpiry(node, 0, '11/26', now)).toBe('11/26');
		expect(readExpiry(node, 0, '3/2031', now)).toBe('03/31');
		expect(readExpiry(node, 0, '0829', now)).toBe('08/29');
	});
	it('refuses past months, impossible months and other shapes', () => {
		for (const bad of ['10/26', '13/27', '00/27', 'next year', '']) {
			expect(() => readExpiry(node, 0, bad, now)).toThrow(/^Expiry \(MM\/YY\): /);
		}
	});
	it('takes 3 or 4 digit CVVs only', () => {
		expect(readCvv(node, 0, '123')).toBe('123');
		expect(readCvv(node, 0, ' 1234 ')).toBe('1234');
		for (const bad of ['12', '12345', '12a', ''])
			expect(() => readCvv(node, 0, bad)).toThrow(/^CVV: /);
	});
});
