import fc from 'fast-check';

import { withCallbackSecret } from '../../../../../nodes/shared/service/callbackSecret';
import {
	redactSecretForms,
	redactWords,
	secretMask,
} from '../../../../../nodes/shared/transport/wire/redact';

function redactSecrets<T>(value: T, secrets: Array<string | undefined>): T {
	return redactSecretForms(value, secretMask(secrets, 8));
}

const SECRET = 'callback secret/with+odd&chars!';

describe('secrets in answers of the service', () => {
	it('masks the callback secret in an echoed callback URL, keeping the rest of the URL', () => {
		const callback = withCallbackSecret('https://hooks.example/webhook/pay?order=7', SECRET);
		const answer = redactSecrets({ url: 'abc123', callback, amount: '1000.00' }, [SECRET]);
		expect(answer.callback).toBe('https://hooks.example/webhook/pay?order=7&token=***');
		expect(answer).toMatchObject({ url: 'abc123', amount: '1000.00' });
	});

	it('masks a secret that comes back as a key, a code, a number, in lists and deep inside', () => {
		const numeric = '12345678901234';
		const answer = redactSecrets(
			{
				[SECRET.toUpperCase()]: 'under the secret as a key',
				result: SECRET,
				code: [{ nested: { deeper: [`code ${encodeURIComponent(SECRET)}`] } }],
				pk: Number(numeric),
				other: 42,
			},
			[SECRET, numeric],
		);
		expect(answer).toEqual({
			'***': 'under the secret as a key',
			result: '***',
			code: [{ nested: { deeper: ['code ***'] } }],
			pk: '***',
			other: 42,
		});
	});

	it('leaves answers without secrets, numbers and other types as they were', () => {
		const answer = {
			pk: 7,
			state: 3,
			payed: true,
			note: null,
			methods: ['pse'],
			text: 'nothing to hide',
		};
		expect(redactSecrets(structuredClone(answer), [SECRET, undefined])).toEqual(answer);
		expect(redactSecrets(`a plain text answer with ${SECRET}`, [SECRET])).toBe(
			'a plain text answer with ***',
		);
		expect(redactSecrets(42, [SECRET])).toBe(42);
	});

	it('leaves out values shorter than the shortest it is told to mask', () => {
		expect(redactSecrets({ note: 'pay 1234567 now' }, ['1234567'])).toEqual({
			note: 'pay 1234567 now',
		});
	});
});

describe("a request's own sensitive values", () => {
	/** Groups of a card number as people and pages write them, with any separators between. */
	const groupedCard = fc
		.record({
			digits: fc.stringMatching(/^[3-6]\d{11,18}$/),
			cuts: fc.array(fc.integer({ min: 1, max: 18 }), { maxLength: 6 }),
			separators: fc.array(fc.constantFrom(' ', '-', '.', '  ', ' - ', '\u00a0', '/', '_', '%20'), {
				minLength: 1,
				maxLength: 6,
			}),
		})
		.map(({ digits, cuts, separators }) => {
			const at = new Set(cuts.filter((cut) => cut < digits.length));
			const written = [...digits]
				.map((digit, index) => (at.has(index) ? separators[index % separators.length] : '') + digit)
				.join('');
			return { digits, written };
		});

	it('masks a card number in any grouping or spacing, as text or as a number', () => {
		fc.assert(
			fc.property(
				groupedCard,
				fc.constantFrom('', 'card ', 'n°:'),
				({ digits, written }, before) => {
					const answer = redactWords(
						{ text: `${before}${written} ok`, list: [written], number: Number(digits) },
						[digits],
					);
					const text = JSON.stringify(answer);
					expect(text.replace(/[^0-9*]/g, '')).not.toContain(digits);
					if (Number.isSafeInteger(Number(digits))) expect(answer.number).toBe('***');
				},
			),
		);
	});

	it('masks a CVV as a whole word, and never an amount that happens to have its digits', () => {
		expect(redactWords({ text: 'CVV 123, order 41234', amount: 123 }, ['123'])).toEqual({
			text: 'CVV ***, order 41234',
			amount: 123,
		});
	});
});
