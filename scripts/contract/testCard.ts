/**
 * The card the check registers and deletes again: the card networks' public test number, encrypted
 * as the node encrypts a card (rsaEncrypt.ts, PKCS#1 v1.5, the node's default), with the plain
 * fields real clients send (docs/SERVICE.md, "Cards").
 */
import { encryptField, readPublicKey } from '../../nodes/Pay/helpers/rsaEncrypt';

export const TEST_CARD = { number: '4111111111111111', holder: 'PRUEBA CONTRATO', expiry: '12/30' };

/** The registration body; `undefined` when the public key cannot be read. */
export function testCardRegistration(publicKeyAnswer: unknown): Record<string, string> | undefined {
	const data = (publicKeyAnswer as { data?: { text_long_value?: unknown } } | undefined)?.data;
	const pem = data?.text_long_value;
	const key = typeof pem === 'string' ? readPublicKey(pem) : undefined;
	if (!key) return undefined;
	return {
		number_card: encryptField(key, TEST_CARD.number, 'pkcs1'),
		name_card: encryptField(key, TEST_CARD.holder, 'pkcs1'),
		date_expiration: encryptField(key, TEST_CARD.expiry, 'pkcs1'),
		bank: 'banco',
		country: 'Colombia',
	};
}
