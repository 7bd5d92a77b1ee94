import { createHash } from 'crypto';
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { executionNonce } from './executionNonce';

/**
 * The default idempotency key of a request that creates something: the same for every attempt of
 * one item in one execution (so "Retry On Fail" and the transport's own retries can never create a
 * second object), different for another item, another execution or another n8n instance.
 */
export function derivedIdempotencyKey(
	context: IExecuteFunctions,
	itemIndex: number,
	{ node, runIndex }: { node: INode; runIndex: number },
	purpose: string,
): string {
	const workflowId = context.getWorkflow().id ?? '';
	const executionId = context.getExecutionId() ?? '';
	const nonce = executionNonce(`${workflowId}:${executionId}`);
	const digest = createHash('sha256')
		.update([purpose, workflowId, executionId, nonce, node.id ?? node.name, runIndex, itemIndex].join('\u0000'))
		.digest('hex')
		.slice(0, 32);
	return `n8n-${digest}`;
}
