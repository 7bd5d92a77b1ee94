import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { isAlreadySent } from '../../shared/transport/earlierSend';
import { releaseLedger } from '../../shared/transport/onceLedger';
import { guardAfterMoneyMoved } from '../execution/afterMoneyMoved';
import { startRun } from '../execution/nodeRun';
import { runItems } from '../execution/runItems';
import type { ItemResult } from '../execution/runItems';
import { defaultItemsAtOnce } from '../itemsAtOnce';
import { readRequestOptions } from '../requestOptions';
import type { RequestOptions } from '../requestOptions';
import { gateForTool } from '../tool/toolGate';
import { startWaiting } from '../waiting/startWaiting';
import { readWaitLimit } from '../waiting/waitLimit';
import type { WaitLimit } from '../waiting/waitLimit';
import { resources } from './registry';
import { withSimplify } from './simplifyField';
import type { PayOperation } from './types';

/**
 * One run of the Pay node: finds the operation chosen, sets up the run (request options,
 * credential, at-most-once ledger), runs it for every item with the money guard around each, and
 * lets the ledger go once every item is done.
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const itemCount = this.getInputData().length;
	// Read once: n8n's getNode() copies the node, parameters and all, on every call.
	const node = this.getNode();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	// Run as an AI agent's tool, the operation goes through the Pay Tool's gate (nodes/Pay/tool).
	const operation = gateForTool(
		this,
		node,
		resource,
		withSimplify(findOperation(resource, operationName)),
	);
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
		if (operation.waits) waitLimit = readWaitLimit(this, node, Date.now());
	} catch (error) {
		// Node-wide settings: every item fails alike, each paired to its input with Continue On Fail.
		return [(await runItems(this, itemCount, async () => await Promise.reject(error))).items];
	}
	const run = startRun(this, node, requestOptions.settings);
	const { items, failedItems } = await runItems(
		this,
		itemCount,
		async (itemIndex) =>
			await alreadySentAsOutput(
				guardAfterMoneyMoved(
					run.environment,
					itemIndex,
					async (watched) => await operation.execute.call(this, itemIndex, watched),
				),
			),
		requestOptions.concurrency,
	);
	// Every item done: n8n will not run this again, so the at-most-once ledger can let go of the
	// answers. After a failure it is kept, as n8n's Retry On Fail may run the node again.
	if (failedItems === 0 && run.ledgerScope !== undefined) releaseLedger(run.ledgerScope);
	if (operation.waits && waitLimit)
		return await startWaiting(this, operation.waits, items, waitLimit);
	return [items];
}

export function findOperation(
	resourceValue: string,
	operationValue: string,
): PayOperation | undefined {
	return resources
		.find((resource) => resource.value === resourceValue)
		?.operations.find((operation) => operation.value === operationValue);
}

/**
 * An item an earlier execution already sent is no failure: it leaves as an ordinary item saying so.
 */
async function alreadySentAsOutput(result: Promise<ItemResult>): Promise<ItemResult> {
	return await result.catch(async (error: unknown) =>
		isAlreadySent(error) ? error.toOutput() : await Promise.reject(error),
	);
}
