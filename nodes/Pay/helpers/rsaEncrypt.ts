/**
 * Encryption of card fields with the service's RSA public key, as its card-on-file endpoints
 * require: RSA, then base64. The padding is not documented; PKCS#1 v1.5 is the likelier one.
 */
import { constants, createPublicKey, publicEncrypt } from 'crypto';
import type { KeyObject } from 'crypto';

export type RsaPadding = 'pkcs1' | 'oaep-sha1' | 'oaep-sha256';

export const RSA_PADDING_OPTIONS = [
	{ name: 'OAEP (SHA-1)', value: 'oaep-sha1' },
	{ name: 'OAEP (SHA-256)', value: 'oaep-sha256' },
	{ name: 'PKCS#1 v1.5 (Default)', value: 'pkcs1' },
];

/** Reads the PEM text the service publishes; `undefined` when it is not an RSA public key. */
export function readPublicKey(pem: string): KeyObject | undefined {
	try {
		const key = createPublicKey(pem);
		return key.asymmetricKeyType === 'rsa' ? key : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The longest value, in bytes, that one RSA block holds with this key and padding (RFC 8017:
 * k - 11 for PKCS#1 v1.5, k - 2 * hash length - 2 for OAEP); a longer one cannot be encrypted.
 */
export function plaintextLimit(key: KeyObject, padding: RsaPadding): number {
	const keyBytes = Math.ceil((key.asymmetricKeyDetails?.modulusLength ?? 0) / 8);
	if (padding === 'pkcs1') return keyBytes - 11;
	return keyBytes - 2 * (padding === 'oaep-sha256' ? 32 : 20) - 2;
}

export function encryptField(key: KeyObject, value: string, padding: RsaPadding): string {
	const options =
		padding === 'pkcs1'
			? { key, padding: constants.RSA_PKCS1_PADDING }
			: {
					key,
					padding: constants.RSA_PKCS1_OAEP_PADDING,
					oaepHash: padding === 'oaep-sha256' ? 'sha256' : 'sha1',
				};
	return publicEncrypt(options, Buffer.from(value, 'utf8')).toString('base64');
}
