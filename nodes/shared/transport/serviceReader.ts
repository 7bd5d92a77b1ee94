/**
 * The reads askTheService.ts makes, sent through the transport as any safe read is (retried on
 * 429, 5xx and network errors), and a paged list followed while it stays under the Base URL.
 */
import { nextPagePath, readListPage } from '../service/listAnswer';
import type { ServiceRead } from './askTheService';

/** Pages followed at most: a list whose `next` never ends must not hold the item forever. */
const MAX_PAGES = 100;

export function serviceReader(
	one: (path: string) => Promise<unknown>,
	baseUrl: string,
): ServiceRead {
	return {
		one,
		async list(firstPath) {
			const entries: unknown[] = [];
			const seen = new Set<string>();
			for (let path: string | undefined = firstPath; path !== undefined;) {
				if (seen.has(path) || seen.size >= MAX_PAGES) return undefined;
				seen.add(path);
				const page = readListPage(await one(path));
				if (!page) return undefined;
				entries.push(...page.entries);
				path = page.next === undefined ? undefined : nextPagePath(page.next, baseUrl, path);
			}
			return entries;
		},
	};
}
