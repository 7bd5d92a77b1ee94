import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { releaseLedger } from '../../shared/transport/atMostOnce';
import { startRun } from '../execution/nodeRun';
import { defaultItemsAtOnce } from '../itemsAtOnce';
import { readRequestOptions } from '../requestOptions';
import type { RequestOptions } from '../requestOptions';
import { startWaiting } from '../waiting/startWaiting';
import { readWaitLimit } from '../waiting/waitLimit';
import type { WaitLimit } from '../waiting/waitLimit';
import { failEveryItem, runPayItems } from './itemPipeline';
import { resources } from './registry';
import type { PayOperation } from './types';

/**
 * One run of the Pay node: the operation chosen, the node-wide settings (request options, the
 * wait's limit), every item through the item pipeline, then the at-most-once ledger let go and,
 * for an operation that waits, the execution put to wait.
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
	} catch (error) {
		return [await failEveryItem(this, error)];
	}
	const run = startRun(this, node, requestOptions.settings);
	const { items, failedItems } = await runPayItems(
		this,
		run,
		{ resource, operation },
		requestOptions.concurrency,
	);
	// Every item done: n8n will not run this again, so the at-most-once ledger can let go of the
	// answers. After a failure it is kept, as n8n's Retry On Fail may run the node again.
	if (failedItems === 0 && run.ledgerScope !== undefined) releaseLedger(run.ledgerScope);
	if (operation.thenWait) return await operation.thenWait.call(this, run, items);
	if (operation.waits && waitLimit)
		return await startWaiting(this, run, operation.waits, items, waitLimit);
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
