import { NodeOperationError } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	ICredentialDataDecryptedObject,
	INode,
	INodeProperties,
} from 'n8n-workflow';

import {
	releaseLedger,
	ledgerScope,
	CREDENTIAL_NAME,
	DEFAULT_RETRY_SETTINGS,
} from '../../shared/transport';
import type { TransportSettings } from '../../shared/transport';
import { addFeesHint } from '../execution/feesHint';
import { withItemIndex } from '../execution/itemOutput';
import type { NodeRun } from '../execution/operationEnvironment';
import { runsAsTool } from '../execution/readParameter';
import { LISTED_IN_A_STOP, withWhatTheRunDid } from '../execution/runJournal';
import type { RunJournal } from '../execution/runJournal';
import { readWholeNumber } from '../helpers/fieldInput';
import type { PayOperation } from '../payOperation';
import { startWaiting } from '../waiting/startWaiting';
import { readWaitLimit } from '../waiting/waitLimit';
import type { WaitLimit } from '../waiting/waitLimit';
import { failEveryItem, readSimplify, runPayItems } from './itemPipeline';
import type { CheckedRun } from './itemPipeline';
import { resources } from './registry';

/**
 * One run of the Pay node: the operation chosen, the node-wide settings read once (the Request
 * Options, Items at Once, the wait's limit, the credential), every item through the item pipeline,
 * then the at-most-once ledger let go and, for an operation that waits, the execution put to wait.
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	// Read once: n8n's getNode() copies the node, parameters and all, on every call.
	const node = this.getNode();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = findOperation(resource, operationName);
	if (!operation) {
		throw new NodeOperationError(
			node,
			`The operation "${operationName}" of "${resource}" is not supported`,
		);
	}
	let requestOptions: RequestOptions;
	let waitLimit: WaitLimit | undefined;
	try {
		requestOptions = readRequestOptions(this, node, defaultItemsAtOnce(operation));
		// Read before anything is sent: a wrong limit must not surface once the links exist.
		if (operation.waits && !operation.thenWait) waitLimit = readWaitLimit(this, node, Date.now());
		operation.checkSettings?.call(this, node);
	} catch (error) {
		return [await failEveryItem(this, error)];
	}
	const run = startRun(this, node, requestOptions.settings);
	const checked = { refused: await checkEveryInput(this, run, operation), journal: newJournal() };
	try {
		return await runEveryItem(
			this,
			run,
			{ resource, operation },
			requestOptions,
			checked,
			waitLimit,
		);
	} catch (error) {
		// n8n drops a failed node's output: the error tells what the run carried out.
		throw withWhatTheRunDid(error, checked.journal);
	}
}

/** Every item through the pipeline, the ledger let go and, for a waiting operation, the wait. */
async function runEveryItem(
	context: IExecuteFunctions,
	run: NodeRun,
	chosen: { resource: string; operation: PayOperation },
	requestOptions: RequestOptions,
	checked: CheckedRun,
	waitLimit: WaitLimit | undefined,
): Promise<INodeExecutionData[][]> {
	const { operation } = chosen;
	const { items, failedItems } = await runPayItems(
		context,
		run,
		chosen,
		requestOptions.concurrency,
		checked,
	);
	// Once per run, above the output: a link whose fees take its whole amount is not missed.
	addFeesHint(context, items);
	// Every item done: n8n will not run this again, so the at-most-once ledger can let go of the
	// answers. After a failure it is kept, as n8n's Retry On Fail may run the node again.
	if (failedItems === 0 && run.ledgerScope !== undefined) releaseLedger(run.ledgerScope);
	if (operation.thenWait) return await operation.thenWait.call(context, run, items);
	if (operation.waits && waitLimit)
		return await startWaiting(context, run, operation.waits, items, waitLimit);
	return [items];
}

function newJournal(): RunJournal {
	return { requests: [], slugs: new Map() };
}

/** Raised in place of an item's first request during the input pass: its input is all read. */
class ReachedTheWire {}

/**
 * The input pass: every item's input read and checked before the run's first request, so that a
 * bad item stops the run with nothing sent (or, with Continue On Fail, fails alone). Each item
 * goes through its operation up to the first request, which is not sent: every field the
 * operation reads before it (all of them: operations read their fields first) is read and checked,
 * and a money item's Reference derived. Values the items share are worked out once and kept for
 * the run (onceForTheRun). Not for an AI agent's call: n8n gives a tool one item per call.
 * Answers the items refused, each with its error; without Continue On Fail, throws the first.
 */
export async function checkEveryInput(
	context: IExecuteFunctions,
	run: NodeRun,
	operation: PayOperation,
): Promise<Map<number, unknown>> {
	const refused = new Map<number, unknown>();
	if (runsAsTool(run.node.type)) return refused;
	const firstRequest = new ReachedTheWire();
	const env = { ...run, request: async () => await Promise.reject(firstRequest) };
	const itemCount = context.getInputData().length;
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		try {
			readSimplify(context, run, operation, itemIndex);
			await operation.execute.call(context, itemIndex, env);
		} catch (error) {
			if (error !== firstRequest) refused.set(itemIndex, error);
		}
	}
	if (refused.size === 0 || context.continueOnFail()) return refused;
	const [[itemIndex, error]] = refused;
	throw withItemIndex(context, withOtherRefusals(error, refused, itemCount), itemIndex);
}

/** The first refused item's error, naming the others a person will have to mend too. */
function withOtherRefusals(
	error: unknown,
	refused: Map<number, unknown>,
	itemCount: number,
): unknown {
	if (refused.size < 2 || typeof error !== 'object' || error === null) return error;
	const others = [...refused.keys()].slice(1);
	const listed = others.slice(0, LISTED_IN_A_STOP).join(', ');
	const more =
		others.length > LISTED_IN_A_STOP ? ` and ${others.length - LISTED_IN_A_STOP} more` : '';
	const failure = error as { description?: string | null };
	const also = `Every item's input is checked before anything is sent: ${refused.size} of ${itemCount} items were refused (also items ${listed}${more}).`;
	failure.description = failure.description ? `${failure.description} ${also}` : also;
	return error;
}

export function findOperation(
	resourceValue: string,
	operationValue: string,
): PayOperation | undefined {
	return resources
		.find((resource) => resource.value === resourceValue)
		?.operations.find((operation) => operation.value === operationValue);
}

/** Reads once for the whole run what every item needs: n8n would rebuild it for each request. */
export function startRun(
	context: IExecuteFunctions,
	node: INode,
	settings: TransportSettings,
): NodeRun {
	// Read once: building n8n's data proxy for every request was a measurable cost.
	const runIndex = context.getWorkflowDataProxy(0).$runIndex as number;
	const executionId = context.getExecutionId();
	// Read once per execution, as most n8n nodes do: n8n fetches and decrypts them on every call.
	let credentials: Promise<ICredentialDataDecryptedObject> | undefined;
	return {
		node,
		settings,
		runIndex,
		executionCache: new Map(),
		// Outside an execution (no id), nothing is remembered.
		ledgerScope: executionId
			? ledgerScope(context.getWorkflow().id ?? '', executionId, node.name, runIndex)
			: undefined,
		credentials: async (itemIndex) =>
			await (credentials ??= context.getCredentials(CREDENTIAL_NAME, itemIndex)),
	};
}

/**
 * How many items the node sends at the same time when Items at Once is not set. Operations that
 * cannot cause anything twice, reads and creations that carry an idempotency key, send 10 at a
 * time: one at a time made them slower than n8n's HTTP Request node, which starts every item's
 * request at once. Everything that moves money or changes state stays one at a time: the service
 * checks the balance per request and does not say what it does with payouts sent together, and
 * one at a time a run stops at the first refused item with nothing after it sent. Never-twice does
 * not depend on it (every item's Reference is claimed before it is sent), so a payroll run may set
 * 10: in n8n 2.41.1, 1,000 transfers then took 0.9 times as long as the HTTP Request node.
 */
export const ITEMS_AT_ONCE_FOR_SAFE_OPERATIONS = 10;

export function defaultItemsAtOnce(operation: PayOperation): number {
	return operation.safeToRunTogether ? ITEMS_AT_ONCE_FOR_SAFE_OPERATIONS : 1;
}

/**
 * An hour: longer than any answer worth waiting for, and far below what Node's timers hold
 * (2^31 - 1 ms), past which they fire at once.
 */
const MAX_TIMEOUT_MS = 3_600_000;

// A plain name, not DEFAULT_RETRY_SETTINGS.maxRetries: n8n's lint takes a member expression for a
// missing default.
const { maxRetries: defaultMaxRetries } = DEFAULT_RETRY_SETTINGS;

/** Node-wide settings of how requests are made, shown for every operation. */
export const requestOptionsProperty: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Items at Once',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 50 },
			default: 1,
			description:
				"How many items are sent to the service at the same time. When not set: 10 for reads and payment creations (each carries an idempotency key), 1 for everything that moves money or changes state, so payouts go in input order and stop at the first refusal. For large payout runs set 10: every item's Reference is recorded before it is sent, so nothing is sent twice either way. Output keeps the input order whatever you choose.",
		},
		{
			displayName: 'Retries of Safe Requests',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: defaultMaxRetries,
			description:
				'How many times a read (or a payment creation protected by its idempotency key) is repeated after a 429, a 5xx or a network error. Requests that move money are never repeated.',
		},
		{
			displayName: 'Timeout (Ms)',
			name: 'timeoutMs',
			type: 'number',
			typeOptions: { minValue: 1000, maxValue: MAX_TIMEOUT_MS },
			default: 30000,
			description: 'How long to wait for an answer before giving up on a request',
		},
	],
};

export interface RequestOptions {
	concurrency: number;
	settings: TransportSettings;
}

/**
 * The node's request options, read once (from the first item, as node-wide settings are). A mapped
 * value out of range is refused, naming the field: a negative timeout, for one, would otherwise
 * crash inside Node's sockets instead of failing the item.
 */
export function readRequestOptions(
	context: IExecuteFunctions,
	node: INode,
	defaultConcurrency = 1,
): RequestOptions {
	const options = context.getNodeParameter('requestOptions', 0, {}) as {
		concurrency?: unknown;
		maxRetries?: unknown;
		timeoutMs?: unknown;
	};
	const read = (raw: unknown, fallback: number, field: string, min: number, max?: number) =>
		raw === undefined || raw === null || raw === ''
			? fallback
			: readWholeNumber(node, 0, field, raw, min, max);
	return {
		concurrency: read(options.concurrency, defaultConcurrency, 'Items at Once', 1, 50),
		settings: {
			// Below the editor's 1000 ms only when mapped; tests and impatient flows use that.
			timeoutMs: read(options.timeoutMs, 30000, 'Timeout (Ms)', 1, MAX_TIMEOUT_MS),
			retry: {
				...DEFAULT_RETRY_SETTINGS,
				maxRetries: read(
					options.maxRetries,
					DEFAULT_RETRY_SETTINGS.maxRetries,
					'Retries of Safe Requests',
					0,
					10,
				),
			},
		},
	};
}
