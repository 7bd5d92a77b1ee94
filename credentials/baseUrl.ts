/**
 * The Base URL of the credential as requests use it, whatever form a user pasted it in: mended
 * where it can be, refused naming the Base URL where it cannot (see readBaseUrl).
 */

let lastTrimmed = { from: '', to: '' };

/**
 * The Base URL as requests use it: pasted spaces and trailing slashes removed, and "//" inside its
 * path made "/" (the service's CDN answers 404 to a path holding "//"); the scheme's "//" stays.
 */
export function trimBaseUrl(baseUrl: unknown): string {
	const text = typeof baseUrl === 'string' ? baseUrl : '';
	// Every request asks, and an instance has one Base URL or few: the last answer is kept.
	if (text !== lastTrimmed.from)
		lastTrimmed = {
			from: text,
			to: withoutTrailingSlashes(text.trim().replace(/([^:/])\/{2,}/g, '$1/')),
		};
	return lastTrimmed.to;
}

export type BaseUrlReading = { ok: true; url: string } | { ok: false; problem: string };

let lastRead: { from: unknown; reading: BaseUrlReading } | undefined;

/**
 * The Base URL as users paste it: spaces around it, trailing slashes and a "//" inside its path
 * are mended (the service's CDN answers 404 to a path holding "//"); a path prefix is kept (a
 * proxy). What cannot be mended is refused naming the Base URL, before anything is sent: a user
 * name or password in it (n8n's client, axios, would send them as Basic authentication in place of
 * the access token, and the service's 401 would seem to blame the API key), a query or a fragment
 * (each request's path would land inside them), a scheme other than http(s), or none.
 */
export function readBaseUrl(value: unknown): BaseUrlReading {
	// Every request asks, as trimBaseUrl: the last answer is kept.
	const kept = lastRead;
	if (kept !== undefined && kept.from === value) return kept.reading;
	const reading = readPasted(value);
	lastRead = { from: value, reading };
	return reading;
}

function readPasted(value: unknown): BaseUrlReading {
	const text = typeof value === 'string' ? value.trim() : '';
	if (text === '') return refused("is empty: give the service's address, e.g. https://host");
	if (!/^https?:\/\//i.test(text))
		return refused(
			'starts with neither https:// nor http://: give the whole address, e.g. https://host',
		);
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return refused('is not a web address (a space or a character a host cannot hold?)');
	}
	if (url.username !== '' || url.password !== '')
		return refused(
			`holds a user name or password before the host (…@${url.host}): remove them. n8n would send them as Basic authentication in place of the credential's access token, and the service would refuse it`,
		);
	if (url.search !== '' || text.includes('?'))
		return refused('has a query (?…): remove it; the node adds each request its own path');
	if (url.hash !== '' || text.includes('#'))
		return refused('has a fragment (#…): remove it and what follows; it is never sent');
	return { ok: true, url: trimBaseUrl(text) };
}

function refused(problem: string): BaseUrlReading {
	return { ok: false, problem: `Base URL: ${problem}` };
}

/** An address with its trailing slashes removed, so that a path can follow it after one "/". */
export function withoutTrailingSlashes(address: string): string {
	return address.replace(/\/+$/, '');
}
