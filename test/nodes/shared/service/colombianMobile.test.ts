/** The one rule a Colombian mobile number is read by (Nequi Phone, instant-payment keys, names). */
import fc from 'fast-check';

import {
	colombianMobile,
	sameColombianMobile,
} from '../../../../nodes/shared/service/colombianMobile';

describe('a Colombian mobile number', () => {
	it('is read in its national form however it is written', () => {
		fc.assert(
			fc.property(
				fc.stringMatching(/^3\d{9}$/),
				fc.constantFrom('', '+57', '57', '+57 ', '57-', '(+57) '),
				fc.constantFrom(' ', '-', '.', ''),
				(number, prefix, separator) => {
					const [a, b, c] = [number.slice(0, 3), number.slice(3, 6), number.slice(6)];
					expect(colombianMobile(`${prefix}${a}${separator}${b}${separator}${c}`)).toBe(number);
					expect(colombianMobile(` ${prefix}(${a}) ${b}-${c} `)).toBe(number);
				},
			),
		);
	});

	it.each([
		'',
		'friend',
		'300123456', // 9 digits
		'30012345678', // 11 digits
		'2001234567', // not a mobile: does not start with 3
		'573001234', // the country code and too few digits
		'0573001234567', // a leading 0
		'+13001234567', // another country code
		'+3001234567', // a + without the country code
		'5730012345', // 57 then 8 digits
		'300/123/4567', // a separator the rule does not know
	])('%j is not one', (text) => expect(colombianMobile(text)).toBeUndefined());

	it('is the same number only when both are mobiles and their national forms are equal', () => {
		expect(sameColombianMobile('+57 300 123 4567', '3001234567')).toBe(true);
		expect(sameColombianMobile('(300) 123.4567', '57-300-123-4567')).toBe(true);
		expect(sameColombianMobile('3001234567', '3001234568')).toBe(false);
		// Digits that are not a mobile are never the same number by this rule, even when equal.
		expect(sameColombianMobile('57 1234567890', '1234567890')).toBe(false);
		expect(sameColombianMobile('123-456', '123456')).toBe(false);
		expect(sameColombianMobile('friend', 'friend')).toBe(false);
	});
});
