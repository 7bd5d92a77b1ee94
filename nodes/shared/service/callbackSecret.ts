import { createHash, timingSafeEqual } from 'crypto';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/**
 * The callback-secret contract both nodes keep: the service signs no callback, so the Pay node puts
 * the credential's callback secret into every callback URL it sends (this query parameter) and the
 * Pay Trigger refuses callbacks without it. Change it here and both sides change together.
 */
export const CALLBACK_SECRET_PARAMETER = 'token';

/** The credential's callback secret, or '' when the user has not set one. */
export function callbackSecretOf(credentials: ICredentialDataDecryptedObject): string {
	return typeof credentials.callbackSecret === 'string' ? credentials.callbackSecret : '';
}

/**
 * Returns the URL with the secret set (replacing one already there); invalid URLs are returned as
 * they are for the caller to refuse.
 */
export function withCallbackSecret(url: string, secret: string | undefined): string {
	if (!secret) return url;
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return url;
	}
	parsed.searchParams.set(CALLBACK_SECRET_PARAMETER, secret);
	return parsed.toString();
}

/** The secret a callback carries in its query, if any. */
export function secretCarriedBy(query: Record<string, unknown>): unknown {
	return query[CALLBACK_SECRET_PARAMETER];
}

/**
 * Whether the callback carries the credential's secret. Both sides are hashed first so the
 * comparison takes the same time whatever the lengths, and a wrong guess teaches nothing.
 */
export function carriesSecret(received: unknown, expected: string): boolean {
	if (typeof received !== 'string' || received === '' || expected === '') return false;
	const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
	return timingSafeEqual(digest(received), digest(expected));
}
