import fc from 'fast-check';

import { withCallbackSecret } from '../../../../nodes/shared/service/callbackSecret';
import { redactSecretForms, secretForms } from '../../../../nodes/shared/transport/redact';

function redactSecrets<T>(value: T, secrets: Array<string | undefined>): T {
	return redactSecretForms(value, secretForms(secrets));
}

const SECRET = 'callback secret/with+odd&chars!';

describe('secrets in answers of the service', () => {
	it('masks the callback secret in an echoed callback URL, keeping the rest of the URL', () => {
		const callback = withCallbackSecret('https://hooks.example/webhook/pay?order=7', SECRET);
		const answer = redactSecrets({ url: 'abc123', callback, amount: '1000.00' }, [SECRET]);
		expect(answer.callback).toBe('https://hooks.example/webhook/pay?order=7&token=***');
		expect(answer).toMatchObject({ url: 'abc123', amount: '1000.00' });
	});

	it('finds a secret however a query string encoded it, in lists and nested objects', () => {
		fc.assert(
			fc.property(fc.string({ minLength: 6, maxLength: 40 }), (secret) => {
				const encodings = [
					secret,
					encodeURIComponent(secret),
					new URLSearchParams({ token: secret }).toString().slice('token='.length),
				];
				const answer = {
					results: encodings.map((text) => ({
						callback: `https://h.example/?token=${text}`,
						nested: [text],
					})),
				};
				const masked = JSON.stringify(redactSecrets(answer, [secret]));
				for (const text of encodings) expect(masked).not.toContain(text);
			}),
		);
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

	it('ignores values too short to be real secrets, as error redaction does', () => {
		expect(redactSecrets({ note: 'pay 12345 now' }, ['12345'])).toEqual({ note: 'pay 12345 now' });
		expect(redactSecrets('pay 12345 now', ['12345'])).toBe('pay 12345 now');
	});
});
