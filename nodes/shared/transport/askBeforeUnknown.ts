/**
 * Before an item is reported `unknown`, the service is asked what became of its request
 * (askTheService.ts), through the transport's own safe reads; n8n's log says what was read and what
 * it showed.
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { askTheService } from './askTheService';
import type { Finding } from './askTheService';
import type { PayContext, PayRequest } from './requestTypes';
import { serviceReader } from './serviceReader';

/**
 * Asks the service what became of a request whose answer is lost (askTheService.ts), and says in
 * n8n's log what it read and what it concluded. No check on the request: nothing to ask.
 */
export async function askBeforeUnknown(
	context: PayContext,
	node: INode,
	request: PayRequest,
	reader: { read(path: string): Promise<unknown>; baseUrl: string },
	claimedAt: number | undefined,
): Promise<Finding | undefined> {
	const { check } = request;
	if (!check) return undefined;
	const finding = await askTheService(serviceReader(reader.read, reader.baseUrl), check, claimedAt);
	(context as IExecuteFunctions).logger?.info(
		finding.shown
			? `Pay: ${request.action} (reference ${request.reference}) resolved by ${finding.resolvedBy}: it went through`
			: `Pay: ${request.action} (reference ${request.reference}) stays unknown: ${finding.why}`,
		{ node: node.name, itemIndex: request.itemIndex },
	);
	return finding;
}
