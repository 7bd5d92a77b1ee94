import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { callbackSecretOf } from '../../shared/service/callbackSecret';

/** Whatever reads the Pay API credential for an item (an operation's environment). */
interface CredentialReader {
	credentials(itemIndex: number): Promise<ICredentialDataDecryptedObject>;
}

/** The credential's optional "Payment Page Base URL", used to add `payment_page_url` to outputs. */
export async function readPageBaseUrl(
	env: CredentialReader,
	itemIndex: number,
): Promise<string | undefined> {
	const credentials = await env.credentials(itemIndex);
	const value = typeof credentials.pageBaseUrl === 'string' ? credentials.pageBaseUrl.trim() : '';
	return value === '' ? undefined : value;
}

/** The credential's callback secret (empty when the user has not set one). */
export async function readCallbackSecret(
	env: CredentialReader,
	itemIndex: number,
): Promise<string | undefined> {
	const value = callbackSecretOf(await env.credentials(itemIndex));
	return value === '' ? undefined : value;
}
