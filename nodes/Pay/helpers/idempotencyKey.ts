import { createHash } from 'crypto';
import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * The default idempotency key of a request that creates something: the same for every attempt of
 * one item in one execution (so "Retry On Fail" and the transport's own retries can never create a
 * second object), different for another item or another execution.
 */
export function derivedIdempotencyKey(context: IExecuteFunctions, itemIndex: number, purpose: string): string {
	const workflowId = context.getWorkflow().id ?? '';
	const executionId = context.getExecutionId() ?? '';
	const node = context.getNode();
	const runIndex = context.getWorkflowDataProxy(itemIndex).$runIndex as number;
	const digest = createHash('sha256')
		.update([purpose, workflowId, executionId, node.id ?? node.name, runIndex, itemIndex].join('\u0000'))
		.digest('hex')
		.slice(0, 32);
	return `n8n-${digest}`;
}
