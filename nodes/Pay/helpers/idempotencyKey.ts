import { createHash } from 'crypto';
import type { IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

import { executionNonce } from './executionNonce';
import { readText } from './fieldInput';

/** The optional Idempotency Key field of every request that creates something or moves money with a key. */
export const idempotencyKeyProperty: INodeProperties = {
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	placeholder: 'e.g. INV-1001',
	description:
		'A key the service refuses to see twice. Empty: one derived from this execution and item, so Retry On Fail never carries it out twice. Map your own (an invoice number) to be safe across executions too.',
};

/** The key the user mapped into Idempotency Key, or the one derived for this item and `purpose`. */
export function readIdempotencyKey(
	context: IExecuteFunctions,
	itemIndex: number,
	env: { node: INode; runIndex: number },
	raw: unknown,
	purpose: string,
): string {
	return (
		readText(env.node, itemIndex, 'Idempotency Key', raw) ||
		derivedIdempotencyKey(context, itemIndex, env, purpose)
	);
}

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
		.update(
			[purpose, workflowId, executionId, nonce, node.id ?? node.name, runIndex, itemIndex].join(
				'\u0000',
			),
		)
		.digest('hex')
		.slice(0, 32);
	return `n8n-${digest}`;
}
