import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { maskerFor } from '../../../../nodes/shared/transport/wire/maskedAnswer';

function credentials(): ICredentialDataDecryptedObject {
	return {
		baseUrl: 'http://127.0.0.1:4010',
		apiKey: 'api-key-0123456789',
		authMethod: 'refreshToken',
		refreshToken: 'refresh-token-0123456789',
		callbackSecret: 'callback secret/with+signs',
		sessionToken: 'session-token-first',
	};
}

describe('maskerFor', () => {
	it("masks every secret of the credential, the callback secret as a URL's query carries it too", () => {
		const mask = maskerFor(credentials(), undefined);
		expect(
			mask({
				echoed: 'api-key-0123456789 refresh-token-0123456789 session-token-first',
				callback: 'https://hooks.example/pay?token=callback+secret%2Fwith%2Bsigns',
				nested: ['callback secret/with+signs'],
			}),
		).toEqual({
			echoed: '*** *** ***',
			callback: 'https://hooks.example/pay?token=***',
			nested: ['***'],
		});
	});

	it('masks a token a renewal put into the credential after the request began, and still the one before', () => {
		const shared = credentials();
		const first = maskerFor(shared, undefined);
		expect(first('session-token-first')).toBe('***');
		shared.sessionToken = 'session-token-renewed';
		expect(first('session-token-first / session-token-renewed')).toBe('*** / ***');
		// A request begun after the renewal, with the same credential object, masks the new token.
		const second = maskerFor(shared, undefined);
		expect(second('session-token-renewed')).toBe('***');
		shared.sessionToken = 'session-token-third';
		expect(second('session-token-renewed, session-token-third')).toBe('***, ***');
	});

	it("keeps one credential's secrets apart from another's", () => {
		const other = { ...credentials(), apiKey: 'another-api-key-987654' };
		expect(maskerFor(credentials(), undefined)('another-api-key-987654')).toBe(
			'another-api-key-987654',
		);
		expect(maskerFor(other, undefined)('another-api-key-987654 api-key-0123456789')).toBe(
			'*** api-key-0123456789',
		);
	});

	it("masks the request's own sensitive values as whole words", () => {
		expect(maskerFor(credentials(), ['123'])('CVV 123, order 41234')).toBe('CVV ***, order 41234');
	});
});
