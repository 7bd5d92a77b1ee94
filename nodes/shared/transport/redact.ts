/**
 * Masks known secret values (API key, tokens, callback secret) wherever they appear: in an answer
 * of the service, which echoes the callback URL with the callback secret in it, and in error texts,
 * which may come from elsewhere (a proxy's error page echoing a header). Unmasked, they would land
 * in the workflow's output and execution log.
 */

/** What replaces a secret wherever one is found. */
const REDACTED = '***';

/**
 * Returns the value with every form of the secrets (secretForms) masked: a string as a new string;
 * arrays and objects are changed in place and returned, so pass only values nobody else holds (a
 * freshly parsed answer).
 */
export function redactSecretForms<T>(value: T, forms: string[]): T {
	return forms.length === 0 ? value : (maskValue(value, (text) => maskText(text, forms)) as T);
}

/**
 * Masks values a request carried that must not come back in its answer or errors (card number,
 * expiry, CVV), however short: as whole words only, so a CVV "123" masks "CVV 123" but leaves
 * "41234" alone. Same in-place rule as redactSecretForms.
 */
export function redactWords<T>(value: T, words: string[] | undefined): T {
	const wanted = (words ?? []).filter((word) => word.length >= 3);
	if (wanted.length === 0) return value;
	const pattern = new RegExp(
		`(?<![0-9A-Za-z])(?:${wanted.map(escapeForPattern).join('|')})(?![0-9A-Za-z])`,
		'g',
	);
	return maskValue(value, (text) => text.replace(pattern, REDACTED)) as T;
}

function escapeForPattern(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function maskValue(value: unknown, maskText: (text: string) => string): unknown {
	if (typeof value === 'string') return maskText(value);
	if (Array.isArray(value)) {
		for (let index = 0; index < value.length; index++)
			value[index] = maskValue(value[index], maskText);
	} else if (typeof value === 'object' && value !== null) {
		const record = value as Record<string, unknown>;
		for (const key of Object.keys(record)) record[key] = maskValue(record[key], maskText);
	}
	return value;
}

function maskText(text: string, forms: string[]): string {
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
		// Keys and tokens are mostly made of characters no encoding changes; encoding costs µs per
		// request.
		if (URL_SAFE.test(secret)) continue;
		forms.add(encodeURIComponent(secret));
		forms.add(new URLSearchParams({ s: secret }).toString().slice('s='.length));
	}
	return [...forms];
}

/** Characters that both encodeURIComponent and URLSearchParams leave as they are. */
const URL_SAFE = /^[A-Za-z0-9_.-]*$/;
