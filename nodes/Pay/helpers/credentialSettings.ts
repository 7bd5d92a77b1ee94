import type { IExecuteFunctions } from 'n8n-workflow';

import { CREDENTIAL_NAME } from '../transport/request';

/** The credential's optional "Payment Page Base URL", used to add `payment_page_url` to outputs. */
export async function readPageBaseUrl(context: IExecuteFunctions, itemIndex: number): Promise<string | undefined> {
	const credentials = await context.getCredentials(CREDENTIAL_NAME, itemIndex);
	const value = typeof credentials.pageBaseUrl === 'string' ? credentials.pageBaseUrl.trim() : '';
	return value === '' ? undefined : value;
}

/** The credential's callback secret (empty when the user has not set one). */
export async function readCallbackSecret(context: IExecuteFunctions, itemIndex: number): Promise<string | undefined> {
	const credentials = await context.getCredentials(CREDENTIAL_NAME, itemIndex);
	const value = typeof credentials.callbackSecret === 'string' ? credentials.callbackSecret : '';
	return value === '' ? undefined : value;
}
