/**
 * Every entry of a list endpoint, page after page (nodes/shared/transport/request/allPages.ts),
 * for one item.
 */
import { NodeOperationError } from 'n8n-workflow';

import { readAllPages } from '../../shared/transport';
import type { OperationEnvironment } from './types';

export async function fetchAllPages(
	env: OperationEnvironment,
	itemIndex: number,
	firstPath: string,
	what: string,
): Promise<unknown[]> {
	return await readAllPages({
		baseUrl: (await env.credentials(itemIndex)).baseUrl,
		firstPath,
		what,
		read: async (path) =>
			await env.request({ method: 'GET', path, safety: 'read', action: what, itemIndex }),
		fail: (message, description) =>
			new NodeOperationError(env.node, message, { itemIndex, description }),
	});
}
