/**
 * The Reference of a money-moving item when the user maps none: the same whenever the same item of
 * the same execution's data comes through the same node again (n8n's Retry of a failed execution,
 * a re-run with the same trigger data, a worker picking up a crashed run), different for another
 * trigger event, another item, another amount or recipient.
 */
import { hash } from 'crypto';
import type { IExecuteFunctions } from 'n8n-workflow';

import { onceForTheRun } from './onceForTheRun';
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
	{ newInEveryEditorRun = false }: { newInEveryEditorRun?: boolean } = {},
): Promise<string> {
	const frame = await onceForTheRun(env, `reference:${operation}:${newInEveryEditorRun}`, () =>
		referenceFrame(context, env, operation, newInEveryEditorRun),
	);
	// The JSON of [operation, workflow, node, …where, payment], as references have always been
	// hashed (a Retry after an update must find what the earlier version recorded), built from the
	// run's fixed parts: only the item's place and its payment change from item to item.
	const parts = [frame.before];
	if (frame.itemPlace) parts.push(String(itemIndex));
	if (frame.after !== '') parts.push(frame.after);
	parts.push(JSON.stringify(payment));
	return `ref-${hash('sha256', `[${parts.join(',')}]`).slice(0, 32)}`;
}

/** What every item of the run shares, as JSON array elements without the brackets. */
interface ReferenceFrame {
	before: string;
	/** Whether the item's index follows `before` (not as a tool: a model's repeat is one call). */
	itemPlace: boolean;
	after: string;
}

async function referenceFrame(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	operation: string,
	newInEveryEditorRun: boolean,
): Promise<ReferenceFrame> {
	const { node } = env;
	const identity = [operation, context.getWorkflow().id ?? '', node.id ?? node.name];
	// An agent calls its tool again as a new run with a new item: the same payment asked twice in
	// one execution is the same payment. Otherwise the item's place, as a retry keeps it.
	const asTool = runsAsTool(node.type);
	const before = asTool
		? [...identity, 'tool', context.getExecutionId() ?? '']
		: [...identity, 'item', env.runIndex];
	const after: unknown[] = asTool
		? []
		: [await onceForTheRun(env, 'startNodesDigest', () => startNodesDigest(context, node))];
	// Someone testing in the editor runs the same data again to see it work again.
	if (newInEveryEditorRun && context.getMode() === 'manual')
		after.push('editor', context.getExecutionId() ?? '');
	return { before: elements(before), itemPlace: !asTool, after: elements(after) };
}

function elements(values: unknown[]): string {
	return JSON.stringify(values).slice(1, -1);
}
