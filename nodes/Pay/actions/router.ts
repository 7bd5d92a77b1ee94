import { NodeOperationError } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	ICredentialDataDecryptedObject,
	INode,
} from 'n8n-workflow';

import { endRunScope, runScope, CREDENTIAL_NAME } from '../../shared/transport';
import type { TransportSettings } from '../../shared/transport';
import { addFeesHint } from '../execution/feesHint';
import { withItemIndex } from '../execution/itemOutput';
import type { NodeRun } from '../execution/operationEnvironment';
import { runsAsTool } from '../execution/readParameter';
import { withWhatTheRunDid } from '../execution/runJournal';
import type { RunJournal } from '../execution/runJournal';
import type { PayOperation } from '../payOperation';
import { startWaiting } from '../waiting/startWaiting';
import { readWaitLimit } from '../waiting/waitLimit';
import type { WaitLimit } from '../waiting/waitLimit';
import { failEveryItem, runPayItems } from './itemPipeline';
import { readSimplify } from './simplify';
import type { CheckedRun } from './itemPipeline';
import { withOtherRefusals } from './otherRefusals';
import { resources } from './registry';
import { checkedRequestOptions, defaultItemsAtOnce } from './requestOptions';
import type { RawRequestOptions, RequestOptions } from './requestOptions';

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
	endRunScope(run.ledgerScope, failedItems);
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
		ledgerScope: runScope(context.getWorkflow().id ?? '', executionId, node.name, runIndex),
		credentials: async (itemIndex) =>
			await (credentials ??= context.getCredentials(CREDENTIAL_NAME, itemIndex)),
	};
}

/**
 * The node's request options, read once (from the first item, as node-wide settings are) and
 * checked (requestOptions.ts).
 */
export function readRequestOptions(
	context: IExecuteFunctions,
	node: INode,
	defaultConcurrency = 1,
): RequestOptions {
	const options = context.getNodeParameter('requestOptions', 0, {}) as RawRequestOptions;
	return checkedRequestOptions(node, options, defaultConcurrency);
}
