/**
 * The sandbox's own RSA key pair: it publishes the public key and decrypts card
 * fields with the private one.
 */
import { constants, generateKeyPairSync, privateDecrypt } from 'crypto';
import type { KeyObject } from 'crypto';

import type { RsaPadding } from './options';

export interface RsaKeys {
	publicPem: string;
	privateKey: KeyObject;
}

export function generateRsaKeys(): RsaKeys {
	const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
	return { publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), privateKey };
}

/** Decrypts a base64 ciphertext with the given padding; `undefined` when it does not decrypt. */
export function decryptField(
	keys: RsaKeys,
	base64: string,
	padding: RsaPadding,
): string | undefined {
	if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return undefined;
	const cipher = Buffer.from(base64, 'base64');
	try {
		if (padding === 'pkcs1')
			return unpadPkcs1(
				privateDecrypt({ key: keys.privateKey, padding: constants.RSA_NO_PADDING }, cipher),
			);
		const oaepHash = padding === 'oaep-sha256' ? 'sha256' : 'sha1';
		return privateDecrypt(
			{ key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash },
			cipher,
		).toString('utf8');
	} catch {
		return undefined;
	}
}

/**
 * PKCS#1 v1.5 type 2 unpadding: 00 02 <at least 8 non-zero bytes> 00 <message>. Done by hand
 * because Node 20 refuses PKCS#1 v1.5 private decryption (the Marvin attack fix); a sandbox has
 * no secret to protect.
 */
function unpadPkcs1(block: Buffer): string | undefined {
	if (block[0] !== 0x00 || block[1] !== 0x02) return undefined;
	const separator = block.indexOf(0x00, 2);
	if (separator < 10) return undefined;
	return block.subarray(separator + 1).toString('utf8');
}
