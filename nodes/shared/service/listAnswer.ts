/**
 * The entries of a list answer. The spec documents a plain JSON array and leaves pagination "not
 * shown"; a paginated service would most likely wrap each page as `{results: [...], next: url}`
 * (or `{data: [...]}`), so those are read too, instead of being taken for an empty list.
 */
import type { IDataObject } from 'n8n-workflow';

import { withoutTrailingSlashes } from '../../../credentials/baseUrl';

export interface ListPage {
	entries: unknown[];
	/** Where the following page is, as the service wrote it. */
	next?: string;
}

/** `undefined` when the answer is no list at all; an empty answer (`{}`) is an empty list. */
export function readListPage(answer: unknown): ListPage | undefined {
	if (Array.isArray(answer)) return { entries: answer };
	if (typeof answer !== 'object' || answer === null) return undefined;
	const envelope = answer as IDataObject;
	const entries = Array.isArray(envelope.results)
		? envelope.results
		: Array.isArray(envelope.data)
			? envelope.data
			: undefined;
	if (entries === undefined)
		return Object.keys(envelope).length === 0 ? { entries: [] } : undefined;
	return {
		entries,
		next:
			typeof envelope.next === 'string' && envelope.next.trim() !== ''
				? envelope.next.trim()
				: undefined,
	};
}

/**
 * The path of a next-page link, relative to the credential's Base URL. The link is read as a
 * browser would, against the page it came from (`?page=2`, `/send/?page=2` and full URLs alike);
 * only one that lands under the Base URL is followed: the request carries the API key, which must
 * go nowhere else.
 */
export function nextPagePath(
	next: string,
	baseUrl: string,
	currentPath: string,
): string | undefined {
	const base = withoutTrailingSlashes(baseUrl);
	let resolved: string;
	try {
		resolved = new URL(next, `${base}${currentPath}`).href;
	} catch {
		return undefined;
	}
	const root = new URL(`${base}/`).href;
	return resolved.startsWith(root) ? resolved.slice(root.length - 1) : undefined;
}
