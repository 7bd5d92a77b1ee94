import { generateKeyPairSync } from 'crypto';

import { encryptField, readPublicKey } from '../../../../nodes/Pay/helpers/rsaEncrypt';
import { decryptField } from '../../../../sandbox/rsa';

describe('RSA encryption', () => {
	const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
	const pem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
	const keys = { publicPem: pem, privateKey: pair.privateKey };

	it.each(['pkcs1', 'oaep-sha1', 'oaep-sha256'] as const)(
		'with %s decrypts back to the text, and not with another padding',
		(padding) => {
			const key = readPublicKey(pem);
			if (!key) throw new Error('key not read');
			const cipher = encryptField(key, '4111111111111111', padding);
			expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
			expect(decryptField(keys, cipher, padding)).toBe('4111111111111111');
			const other = padding === 'pkcs1' ? 'oaep-sha256' : 'pkcs1';
			expect(decryptField(keys, cipher, other)).not.toBe('4111111111111111');
		},
	);

	it('refuses a key that is not an RSA public key', () => {
		expect(readPublicKey('not a key')).toBeUndefined();
		const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
			.publicKey.export({ type: 'spki', format: 'pem' })
			.toString();
		expect(readPublicKey(ec)).toBeUndefined();
	});
});
