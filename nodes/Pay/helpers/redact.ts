/** What replaces a secret wherever one is found. */
export const REDACTED = '***';

/**
 * Removes known secret values from a text. Messages are built from sanitised facts already; this
 * is the second lock, for text that came from elsewhere (a proxy's error page echoing a header).
 */
export function redactSecrets(text: string, secrets: Array<string | undefined>): string {
	return maskForms(text, secretForms(secrets));
}

/** Replaces every one of the given forms (from `secretForms`) in a text. */
export function maskForms(text: string, forms: string[]): string {
	let result = text;
	for (const form of forms) {
		if (result.includes(form)) result = result.split(form).join(REDACTED);
	}
	return result;
}

/**
 * Each secret as it may appear in text: as it is, and URL-encoded the two ways a query string may
 * carry it (the callback secret travels in the callback URL's `token` parameter). Very short values
 * are left out: they would blank out ordinary words, and real keys and tokens are long.
 */
export function secretForms(secrets: Array<string | undefined>): string[] {
	const forms = new Set<string>();
	for (const secret of secrets) {
		if (typeof secret !== 'string' || secret.length < 6 || forms.has(secret)) continue;
		forms.add(secret);
		// Keys and tokens are mostly made of characters no encoding changes; encoding costs µs per request.
		if (URL_SAFE.test(secret)) continue;
		forms.add(encodeURIComponent(secret));
		forms.add(new URLSearchParams({ s: secret }).toString().slice('s='.length));
	}
	return [...forms];
}

/** Characters that both encodeURIComponent and URLSearchParams leave as they are. */
const URL_SAFE = /^[A-Za-z0-9_.-]*$/;
