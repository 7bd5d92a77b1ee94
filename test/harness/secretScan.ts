/**
 * Finds secrets in a run's serialised data, for the "never appears anywhere" checks.
 *
 * A short secret such as a CVV ("7391") or an expiry ("11/29") is matched only as a whole token,
 * and n8n's timings are left out of the text: a run's data holds 13-digit timestamps, and one of
 * them contains any given 4 digits about once in 1,700 runs, which once failed the fault matrix
 * with no leak at all. A leaked CVV stands apart from other letters and digits (in a message, a
 * JSON value or a field), so the whole-token match still catches it. Long secrets (keys, tokens,
 * card numbers) are matched anywhere.
 */
const SHORT_SECRET_LENGTH = 8;

/**
 * n8n's own bookkeeping of a run: times and counters the node never writes, where
 * short digits fall by chance.
 */
const ENGINE_TIMING_FIELDS = new Set(['startTime', 'executionTime', 'establishedAt']);

/**
 * A run's data as text for the leak checks, without n8n's timings (an execution time of
 * 99 ms is no leaked CVV "99").
 */
export function runDataText(data: unknown): string {
	return JSON.stringify(data, (key, value: unknown) =>
		ENGINE_TIMING_FIELDS.has(key) ? undefined : value,
	);
}

export interface FoundSecret {
	secret: string;
	/** The text around the first match, so a failing test shows where the secret sits. */
	context: string;
}

function escapeForRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function firstMatchIndex(text: string, secret: string): number {
	if (secret.length >= SHORT_SECRET_LENGTH) return text.indexOf(secret);
	const wholeToken = new RegExp(`(?<![A-Za-z0-9])${escapeForRegExp(secret)}(?![A-Za-z0-9])`);
	return text.search(wholeToken);
}

export function secretsFoundIn(text: string, secrets: string[]): FoundSecret[] {
	const found: FoundSecret[] = [];
	for (const secret of secrets) {
		const index = firstMatchIndex(text, secret);
		if (index >= 0)
			found.push({
				secret,
				context: text.slice(Math.max(0, index - 200), index + secret.length + 100),
			});
	}
	return found;
}
