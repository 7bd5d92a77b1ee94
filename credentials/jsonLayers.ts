/**
 * The service, and some senders of callbacks, encode JSON twice (a JSON string whose content is
 * JSON). Every reader of such text peels it here. It lives with the credential, the package's
 * lowest floor, because the credential's token refresh reads such answers too.
 */
export type PeeledJson = { ok: true; value: unknown; layers: number } | { ok: false; text: string };

/**
 * Parses while the value is a string, at most `maxLayers` times. `parsable` says what text of a
 * layer to parse (the text itself unless told), or undefined to stop there and keep the string.
 * Text that does not parse: `ok: false`, with the text that failed.
 */
export function peelJson(
	value: unknown,
	maxLayers: number,
	parsable: (text: string) => string | undefined = (text) => text,
): PeeledJson {
	let current = value;
	let layers = 0;
	for (; layers < maxLayers && typeof current === 'string'; layers++) {
		const text = parsable(current);
		if (text === undefined) break;
		try {
			current = JSON.parse(text);
		} catch {
			return { ok: false, text };
		}
	}
	return { ok: true, value: current, layers };
}
