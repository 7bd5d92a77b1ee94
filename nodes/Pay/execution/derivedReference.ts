/**
 * The Reference of a money-moving item when the user maps none: the same whenever the same item of
 * the same execution's data comes through the same node again (n8n's Retry of a failed execution,
 * a re-run with the same trigger data, a worker picking up a crashed run), different for another
 * trigger event, another item, another amount or recipient.
 */
import { hash, createHash } from 'crypto';
import type { IExecuteFunctions, IDataObject, INode, INodeProperties } from 'n8n-workflow';

import type { PayRequest } from '../../shared/transport';
import { readText } from '../helpers/fieldInput';
import type { OperationEnvironment } from './operationEnvironment';
import { onceForTheRun, readParameter, runsAsTool } from './readParameter';

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

/**
 * What started this execution, as a digest: the items the workflow's start nodes gave (a
 * trigger's callback, a schedule's time, a sub-workflow's input). n8n's Retry of a failed execution
 * keeps those items, so the digest stays the same; the next trigger event gives other items, so it
 * changes.
 */
export function startNodesDigest(context: IExecuteFunctions, node: INode): string {
	const digest = createHash('sha256');
	const ancestors = context.getParentNodes(node.name);
	if (ancestors.length === 0) {
		// The node is where the execution starts: what it was given is what started it.
		digest.update(JSON.stringify(context.getInputData().map((item) => item.json)));
		return digest.digest('hex');
	}
	const proxy = context.getWorkflowDataProxy(0);
	for (const ancestor of ancestors) {
		if (context.getParentNodes(ancestor.name).length > 0) continue;
		const start = proxy.$(ancestor.name) as {
			isExecuted: boolean;
			all(): Array<{ json: IDataObject }>;
		};
		if (!start.isExecuted) continue;
		digest.update(ancestor.name).update('\u0000');
		digest.update(JSON.stringify(start.all().map((item) => item.json))).update('\u0000');
	}
	return digest.digest('hex');
}

/**
 * The Reference of every money-moving operation: what n8n records so the payment is
 * never sent twice.
 */
export const referenceProperty: INodeProperties = {
	displayName: 'Reference',
	name: 'reference',
	type: 'string',
	default: '',
	placeholder: 'e.g. INV-1001, or {{ $json.slug }} after a Pay Trigger',
	description:
		"What makes this payment unique. n8n records it in its own database before sending; the node reads the record back half a second later and sends only if its own claim is the one recorded. So a reference goes out at most once: on a Retry of the execution, from another execution, and when two workers claim it at the same instant, as long as n8n's database writes each record within that half second. When an earlier send's answer was lost, the node asks the service (the transfer list, the payment's state) before saying the outcome is unknown. Empty: one derived from the trigger's data, the item and the payment, so a Retry sends nothing twice. Map a business key (an invoice number, the paid payment's slug) to be safe across separate trigger events too. To send again on purpose, use a new reference.",
};

/**
 * The item's reference: the one mapped, or the one derived from what started the execution, the
 * item's place and `payment` (the values that make the payment what it is, never a secret).
 */
export async function readReference(
	context: IExecuteFunctions,
	itemIndex: number,
	env: OperationEnvironment,
	operation: string,
	payment: unknown[],
): Promise<string> {
	return (await readReferenceAndSource(context, itemIndex, env, operation, payment)).reference;
}

/**
 * The item's Reference, and whether the node derived it (then `payment` is what any send under it
 * carried: a repeat can say so) or the user mapped it.
 */
export async function readReferenceAndSource(
	context: IExecuteFunctions,
	itemIndex: number,
	env: OperationEnvironment,
	operation: string,
	payment: unknown[],
): Promise<{ reference: string; derived: boolean }> {
	const mapped = readText(
		env.node,
		itemIndex,
		'Reference',
		readParameter(context, env, 'reference', itemIndex, ''),
	);
	if (mapped) return { reference: mapped, derived: false };
	const reference = await derivedReference(context, env, itemIndex, operation, payment);
	return { reference, derived: true };
}

/**
 * What a money request carries so that an earlier send under its Reference is said as it is known:
 * with a derived Reference, made of this item's figures, `madeOf` (where the repeat should show
 * them); with a mapped one, the kind of send (`noun`), never this item's figures as that send's.
 */
export function firstSendOf(
	derived: boolean,
	noun: string,
	madeOf?: IDataObject,
): Pick<PayRequest, 'firstSendWas' | 'firstSendNamed'> {
	if (!derived) return { firstSendNamed: noun };
	return madeOf ? { firstSendWas: madeOf } : {};
}
