/**
 * A payment page's link, `{page}/{slug}`: the slug is its last path segment (a query or fragment
 * after it is ignored).
 */

export function looksLikeLink(text: string): boolean {
	return /^https?:\/\//i.test(text);
}

/** The last path segment of an http(s) link, or undefined when it is no link or has no path. */
export function lastPathSegment(link: string): string | undefined {
	try {
		const url = new URL(link);
		if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
		return url.pathname
			.split('/')
			.filter((segment) => segment !== '')
			.pop();
	} catch {
		return undefined;
	}
}
