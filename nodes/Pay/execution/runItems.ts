import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { readErrorFacts } from '../../shared/errorFacts';

export type ItemResult = IDataObject | IDataObject[];

export type ItemHandler = (itemIndex: number) => Promise<ItemResult>;

export interface ItemsRun {
	items: INodeExecutionData[];
	/** Items that came back as errors (with "Continue On Fail"; otherwise the first failure is thrown). */
	failedItems: number;
}

/**
 * Runs the handler for every input item, at most `concurrency` at a time, and returns the output in
 * input order with `pairedItem` on every item. With "Continue On Fail" a failing item comes back as
 * an item holding its error (and the `outcome` to branch on), paired to its input; otherwise the first
 * failure stops the launch of further items and is thrown once those in flight have settled, so no
 * request is left half-sent.
 */
export async function runItems(
	context: IExecuteFunctions,
	itemCount: number,
	handler: ItemHandler,
	concurrency = 1,
): Promise<ItemsRun> {
	const results: INodeExecutionData[][] = new Array(itemCount);
	const continueOnFail = context.continueOnFail();
	const toErrorOutput = continueOnFail && context.getNode().onError === 'continueErrorOutput';
	let next = 0;
	let failedItems = 0;
	// A holder rather than a variable: the workers update it, and the compiler must not narrow it.
	const failed: { first?: { itemIndex: number; error: unknown } } = {};

	const worker = async () => {
		while (failed.first === undefined && next < itemCount) {
			const itemIndex = next++;
			try {
				results[itemIndex] = toItems(await handler(itemIndex), itemIndex);
			} catch (error) {
				if (continueOnFail) {
					results[itemIndex] = [errorItem(error, itemIndex, toErrorOutput)];
					failedItems++;
				} else {
					// Another worker may have failed meanwhile (the loop condition no longer holds): keep the earliest item.
					const earlier = failed.first as { itemIndex: number } | undefined;
					if (earlier === undefined || itemIndex < earlier.itemIndex)
						failed.first = { itemIndex, error };
				}
			}
		}
	};

	const workers = Math.max(1, Math.min(Math.floor(concurrency) || 1, itemCount));
	await Promise.all(Array.from({ length: workers }, worker));

	if (failed.first !== undefined)
		throw withItemIndex(context, failed.first.error, failed.first.itemIndex);
	return { items: results.flat(), failedItems };
}

function toItems(result: ItemResult, itemIndex: number): INodeExecutionData[] {
	const list = Array.isArray(result) ? result : [result];
	return list.map((json) => ({ json: withoutErrorField(json), pairedItem: { item: itemIndex } }));
}

/**
 * n8n takes an output item whose `json` has an `error` field, even `null`, for a failed one: Retry On
 * Fail runs the node again, which would send a money-moving request a second time. So a service
 * answer's own `error` field leaves a successful item as `service_error`.
 */
function withoutErrorField(json: IDataObject): IDataObject {
	if (!Object.prototype.hasOwnProperty.call(json, 'error')) return json;
	const { error, ...rest } = json;
	return { ...rest, service_error: error };
}

/**
 * A failed item: its message and the facts to branch on (`outcome`, …). With On Error "Continue
 * (using error output)", n8n moves an item to the error output only when `error` is its one field,
 * so there the facts go inside `error` (`error.message`, `error.outcome`, …).
 */
function errorItem(error: unknown, itemIndex: number, toErrorOutput: boolean): INodeExecutionData {
	const failure = error as { message?: string; description?: string; httpCode?: string };
	const message = failure.message ?? String(error);
	const { outcome, detail, code, field } = readErrorFacts(error);
	const facts: IDataObject = { outcome: outcome ?? 'not_sent' };
	if (failure.httpCode) facts.httpCode = failure.httpCode;
	if (detail !== undefined) facts.detail = detail;
	if (code !== undefined) facts.code = code;
	if (field !== undefined) facts.field = field;
	if (toErrorOutput) {
		const nested: IDataObject = { message, ...facts };
		if (failure.description) nested.description = failure.description;
		return { json: { error: nested }, pairedItem: { item: itemIndex } };
	}
	const json: IDataObject = { error: message, outcome: facts.outcome };
	if (failure.description) json.errorDescription = failure.description;
	return { json: { ...json, ...facts }, pairedItem: { item: itemIndex } };
}

function withItemIndex(context: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (
		error instanceof NodeOperationError ||
		(error as { context?: IDataObject })?.context !== undefined
	) {
		const known = error as NodeOperationError;
		if (known.context && known.context.itemIndex === undefined) known.context.itemIndex = itemIndex;
		return known;
	}
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}
