/** The Pay credential data pointing at a sandbox account, as a user would fill it in. */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { SandboxAccountCredentials, SandboxEndpoint } from '../../sandbox';

export const TEST_CALLBACK_SECRET = 'callback-secret-for-tests-0123456789';

export function sandboxCredentials(
	sandbox: SandboxEndpoint,
	account: SandboxAccountCredentials = sandbox.demo,
	overrides: ICredentialDataDecryptedObject = {},
): ICredentialDataDecryptedObject {
	return {
		baseUrl: sandbox.baseUrl,
		apiKey: account.apiKey,
		authMethod: 'refreshToken',
		refreshToken: account.refreshToken,
		accessToken: '',
		pageBaseUrl: `${sandbox.baseUrl}/_sandbox/checkout`,
		callbackSecret: TEST_CALLBACK_SECRET,
		...overrides,
	};
}

/** Every secret of a credential and account, for "never appears anywhere" checks. */
export function secretsOf(account: SandboxAccountCredentials): string[] {
	return [account.apiKey, account.refreshToken, TEST_CALLBACK_SECRET];
}
