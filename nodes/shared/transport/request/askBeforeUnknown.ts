/**
 * Before an item is reported `unknown`, the service is asked what became of its request, the way
 * its operation said (terms/serviceCheck.ts), through the transport's own safe reads; n8n's log
 * says what was read and what it showed. Anything but a finding — the service unreadable, nothing
 * shown, two candidates — answers "not shown".
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import type { Finding, ServiceCheck, ServiceRead } from '../terms/serviceCheck';
import type { PayContext, PayRequest } from '../terms/requestTypes';
import { serviceReader } from './serviceReader';

/**
 * Asks the service what became of a request whose answer is lost (its check), and says in
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

/** What the operation's check found; a check that throws found nothing. */
export async function askTheService(
	read: ServiceRead,
	check: ServiceCheck,
	claimedAt: number | undefined,
): Promise<Finding> {
	try {
		return await check.ask(read, claimedAt);
	} catch (error) {
		return { shown: false, why: `the service could not be read (${messageOf(error)})` };
	}
}

function messageOf(error: unknown): string {
	return (error as Error)?.message ?? String(error);
}
