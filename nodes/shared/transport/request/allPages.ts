/**
 * Every entry of a list endpoint, page after page. The spec shows one JSON array and leaves
 * pagination "not shown"; should the service page its lists (`{results, next}`), `next` is
 * followed while it stays under the credential's Base URL, where the API key may go.
 */
import { trimBaseUrl } from '../../../../credentials/baseUrl';
import { capitalise } from '../../text';
import { nextPagePath, readListPage } from '../../service/listAnswer';
import { excerpt } from '../wire/decodeBody';

/** Pages followed at most: a service whose `next` never ends must not hold the node forever. */
const MAX_PAGES = 100;

export interface PagedList {
	/** The credential's Base URL, as it is in the credential. */
	baseUrl: unknown;
	firstPath: string;
	/** What is read, for messages: "the transfer list". */
	what: string;
	/** Reads one page (a safe read through the transport). */
	read(path: string): Promise<unknown>;
	/** The node's error for a list that cannot be read: its message and description. */
	fail(message: string, description: string): Error;
	/**
	 * Whether the entries read so far are all the caller needs (checked after each page): the
	 * pages after it are not read. Without it, every page is.
	 */
	enough?(entries: unknown[]): boolean;
}

export interface PagesRead {
	entries: unknown[];
	/** Whether the list was read to its end (false when `enough` stopped it before). */
	complete: boolean;
}

export async function readAllPages(list: PagedList): Promise<unknown[]> {
	return (await readPages(list)).entries;
}

/** The pages of a list, in order, until its end or until `enough` says so. */
export async function readPages(list: PagedList): Promise<PagesRead> {
	const { what, fail } = list;
	const baseUrl = trimBaseUrl(list.baseUrl);
	const entries: unknown[] = [];
	const seen = new Set<string>();
	for (let path: string | undefined = list.firstPath; path !== undefined;) {
		seen.add(path);
		const answer = await list.read(path);
		const page = readListPage(answer);
		if (!page) {
			throw fail(
				`${capitalise(what)} could not be read`,
				`Expected a JSON array (or one under "results" or "data"); the service answered: ${excerpt(JSON.stringify(answer) ?? String(answer))}`,
			);
		}
		entries.push(...page.entries);
		if (page.next !== undefined && list.enough?.(entries) === true)
			return { entries, complete: false };
		path = page.next === undefined ? undefined : nextPagePath(page.next, baseUrl, path);
		if (page.next !== undefined && path === undefined) {
			throw fail(
				`${capitalise(what)} continues on a page the node does not follow`,
				`The next page is at ${page.next}, outside the credential's Base URL, where the API key must not be sent.`,
			);
		}
		if (path !== undefined && (seen.has(path) || seen.size >= MAX_PAGES)) {
			throw fail(
				`${capitalise(what)} does not end`,
				`After ${seen.size} pages the service still gives a next page (${page.next}).`,
			);
		}
	}
	return { entries, complete: true };
}
