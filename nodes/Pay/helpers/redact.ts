/**
 * Removes known secret values from a text. Messages are built from sanitised facts already; this
 * is the second lock, for text that came from elsewhere (a proxy's error page echoing a header).
 */
export function redactSecrets(text: string, secrets: Array<string | undefined>): string {
	let result = text;
	for (const secret of secrets) {
		// Very short values would blank out ordinary words; real keys and tokens are long.
		if (typeof secret === 'string' && secret.length >= 6) {
			result = result.split(secret).join('***');
		}
	}
	return result;
}
