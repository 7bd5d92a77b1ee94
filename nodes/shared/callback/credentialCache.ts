import type { ICredentialDataDecryptedObject, IWebhookFunctions } from 'n8n-workflow';

import { callbackSecretOf, carriesSecret } from '../service/callbackSecret';
import { CREDENTIAL_NAME } from '../transport';

/**
 * The credential as the trigger last read it, kept a few seconds per workflow and credential: n8n
 * fetches and decrypts a credential from its database on every read, the largest cost of a
 * callback. A changed credential is seen within CREDENTIAL_KEPT_MS; the trigger reads it again
 * at once when a callback's secret does not match the kept one, so a new secret works immediately
 * and only the old one stays accepted, for at most that long.
 */
export const CREDENTIAL_KEPT_MS = 10_000;

/** Far above the workflows one n8n runs; only a bound against growth. */
const MAX_KEPT = 500;

interface Kept {
	readAt: number;
	credentials: Promise<ICredentialDataDecryptedObject>;
}

const kept = new Map<string, Kept>();

/** One callback's credential: read once for the gate and the verification together. */
export class CallbackCredentials {
	private readonly key: string;
	private credentials?: Promise<ICredentialDataDecryptedObject>;

	constructor(private readonly context: IWebhookFunctions) {
		const credentialId = context.getNode().credentials?.[CREDENTIAL_NAME]?.id ?? '';
		this.key = `${context.getWorkflow().id ?? ''}\u0000${credentialId}`;
	}

	/** The kept credential, or n8n's if none is kept. */
	async read(): Promise<ICredentialDataDecryptedObject> {
		const fromN8n = async () => await this.context.getCredentials(CREDENTIAL_NAME);
		return await (this.credentials ??= keptCredentials(this.key, fromN8n));
	}

	/**
	 * The credential to check a callback's secret against: the kept one when the secret matches it,
	 * else n8n's as it is now (perhaps changed since it was kept), so a new secret works at once.
	 */
	async readForSecret(carried: unknown): Promise<ICredentialDataDecryptedObject> {
		const credentials = await this.read();
		if (carriesSecret(carried, callbackSecretOf(credentials))) return credentials;
		this.forget();
		return await this.read();
	}

	/** Drops the kept credential, so that the next read fetches it from n8n. */
	forget(): void {
		kept.delete(this.key);
		this.credentials = undefined;
	}
}

/** The kept credential if read less than CREDENTIAL_KEPT_MS ago, else a fresh read, kept. */
async function keptCredentials(
	key: string,
	read: () => Promise<ICredentialDataDecryptedObject>,
): Promise<ICredentialDataDecryptedObject> {
	const now = Date.now();
	const entry = kept.get(key);
	if (entry && now - entry.readAt < CREDENTIAL_KEPT_MS) return await entry.credentials;
	const credentials = read();
	kept.delete(key);
	kept.set(key, { readAt: now, credentials });
	while (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
	// A failed read is not kept: the next callback tries again.
	credentials.catch(() => {
		if (kept.get(key)?.credentials === credentials) kept.delete(key);
	});
	return await credentials;
}
