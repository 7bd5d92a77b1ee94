/**
 * The Reference of a money-moving item when the user maps none: the same whenever the same item of
 * the same execution's data comes through the same node again (n8n's Retry of a failed execution,
 * a re-run with the same trigger data, a worker picking up a crashed run), different for another
 * trigger event, another item, another amount or recipient.
 */
import { createHash } from 'crypto';
import type { IExecuteFunctions } from 'n8n-workflow';

import type { OperationEnvironment } from './operationEnvironment';
import { startNodesDigest } from './startNodesDigest';

/** n8n names a node's AI-tool form by adding `Tool` to its type. */
export function runsAsTool(nodeType: string): boolean {
	return nodeType.endsWith('Tool');
}

export async function derivedReference(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
	operation: string,
	payment: unknown[],
	{ newInEveryEditorRun = false } = {},
): Promise<string> {
	const { node } = env;
	const workflowId = context.getWorkflow().id ?? '';
	// An agent calls its tool again as a new run with a new item: the same payment asked twice in
	// one execution is the same payment. Otherwise the item's place, as a retry keeps it.
	const where: unknown[] = runsAsTool(node.type)
		? ['tool', context.getExecutionId() ?? '']
		: [
				'item',
				env.runIndex,
				itemIndex,
				await onceForTheRun(env, 'startNodesDigest', () => startNodesDigest(context, node)),
			];
	// Someone testing in the editor runs the same data again to see it work again.
	if (newInEveryEditorRun && context.getMode() === 'manual')
		where.push('editor', context.getExecutionId() ?? '');
	const digest = createHash('sha256')
		.update(JSON.stringify([operation, workflowId, node.id ?? node.name, ...where, payment]))
		.digest('hex');
	return `ref-${digest.slice(0, 32)}`;
}

/** Worked out once per node run: every item of the run shares it. */
async function onceForTheRun(
	env: OperationEnvironment,
	key: string,
	make: () => string,
): Promise<string> {
	let value = env.executionCache.get(key) as Promise<string> | undefined;
	if (value === undefined) {
		value = Promise.resolve().then(make);
		env.executionCache.set(key, value);
	}
	return await value;
}
