/**
 * Every entry of a list endpoint, page after page. The spec shows one JSON array and leaves
 * pagination "not shown"; should the service page its lists (`{results, next}`), `next` is
 * followed while it stays under the credential's Base URL, where the API key may go.
 */
import { NodeOperationError } from 'n8n-workflow';

import { trimBaseUrl } from '../../../credentials/PayApi.credentials';
import { nextPagePath, readListPage } from '../../shared/service/listAnswer';
import { capitalise } from '../../shared/text';
import { excerpt } from '../../shared/transport/decodeBody';
import type { OperationEnvironment } from './types';

/** Pages followed at most: a service whose `next` never ends must not hold the node forever. */
const MAX_PAGES = 100;

export async function fetchAllPages(
	env: OperationEnvironment,
	itemIndex: number,
	firstPath: string,
	what: string,
): Promise<unknown[]> {
	const baseUrl = trimBaseUrl((await env.credentials(itemIndex)).baseUrl);
	const entries: unknown[] = [];
	const seen = new Set<string>();
	for (let path: string | undefined = firstPath; path !== undefined;) {
		seen.add(path);
		const answer = await env.request({
			method: 'GET',
			path,
			safety: 'read',
			action: what,
			itemIndex,
		});
		const page = readListPage(answer);
		if (!page) {
			throw new NodeOperationError(env.node, `${capitalise(what)} could not be read`, {
				itemIndex,
				description: `Expected a JSON array (or one under "results" or "data"); the service answered: ${excerpt(JSON.stringify(answer) ?? String(answer))}`,
			});
		}
		entries.push(...page.entries);
		path = page.next === undefined ? undefined : nextPagePath(page.next, baseUrl, path);
		if (page.next !== undefined && path === undefined) {
			throw new NodeOperationError(
				env.node,
				`${capitalise(what)} continues on a page the node does not follow`,
				{
					itemIndex,
					description: `The next page is at ${page.next}, outside the credential's Base URL, where the API key must not be sent.`,
				},
			);
		}
		if (path !== undefined && (seen.has(path) || seen.size >= MAX_PAGES)) {
			throw new NodeOperationError(env.node, `${capitalise(what)} does not end`, {
				itemIndex,
				description: `After ${seen.size} pages the service still gives a next page (${page.next}).`,
			});
		}
	}
	return entries;
}
