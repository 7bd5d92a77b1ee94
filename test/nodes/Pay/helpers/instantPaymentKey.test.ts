import fc from 'fast-check';

import { readInstantPaymentKey } from '../../../../nodes/Pay/helpers/instantPaymentKey';
import { payNode } from '../../../harness/payNode';

const node = payNode();

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

	it('accepts a mobile number written with brackets or dots too', () => {
		expect(readInstantPaymentKey(node, 0, 'Key', '(300) 123.4567')).toBe('3001234567');
		expect(readInstantPaymentKey(node, 0, 'Key', '+57 (300) 123-4567')).toBe('3001234567');
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
