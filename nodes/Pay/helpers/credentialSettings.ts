import type { OperationEnvironment } from '../actions/types';

/** The credential's optional "Payment Page Base URL", used to add `payment_page_url` to outputs. */
export async function readPageBaseUrl(env: OperationEnvironment, itemIndex: number): Promise<string | undefined> {
	const credentials = await env.credentials(itemIndex);
	const value = typeof credentials.pageBaseUrl === 'string' ? credentials.pageBaseUrl.trim() : '';
	return value === '' ? undefined : value;
}

/** The credential's callback secret (empty when the user has not set one). */
export async function readCallbackSecret(env: OperationEnvironment, itemIndex: number): Promise<string | undefined> {
	const credentials = await env.credentials(itemIndex);
	const value = typeof credentials.callbackSecret === 'string' ? credentials.callbackSecret : '';
	return value === '' ? undefined : value;
}
