/**
 * The "Pay sandbox" credential that example workflows reference, written for
 * `n8n import:credentials`.
 */
import { writeFileSync } from 'fs';

export const SANDBOX_CREDENTIAL_ID = 'paySandboxCredential';
export const SANDBOX_CREDENTIAL_NAME = 'Pay sandbox';
/** The callback secret of the local setup; a real setup uses its own long random value. */
export const LOCAL_CALLBACK_SECRET = 'local-sandbox-callback-secret-change-me';

export interface SandboxAccount {
	apiKey: string;
	refreshToken: string;
}

/** n8n encrypts `data` on import with the instance's key. */
export function writeSandboxCredential(
	file: string,
	sandboxBaseUrl: string,
	account: SandboxAccount,
	callbackSecret = LOCAL_CALLBACK_SECRET,
): void {
	const credential = {
		id: SANDBOX_CREDENTIAL_ID,
		name: SANDBOX_CREDENTIAL_NAME,
		type: 'payApi',
		data: {
			baseUrl: sandboxBaseUrl,
			apiKey: account.apiKey,
			authMethod: 'refreshToken',
			refreshToken: account.refreshToken,
			pageBaseUrl: `${sandboxBaseUrl}/_sandbox/checkout`,
			callbackSecret,
		},
	};
	writeFileSync(file, JSON.stringify([credential], null, 2));
}
