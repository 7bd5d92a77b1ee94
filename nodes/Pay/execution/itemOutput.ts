/**
 * How an item's result or failure becomes what n8n receives: output items paired to their input,
 * a failed item holding its message and the facts to branch on.
 */
import { NodeOperationError } from 'n8n-workflow';
import type {
	IBinaryKeyData,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import { readErrorFacts, outcomeOf } from '../../shared/transport';

/** One output item with files in its binary data (a QR code image) beside its JSON. */
export class ItemWithFiles {
	constructor(
		readonly json: IDataObject,
		readonly binary: IBinaryKeyData,
	) {}
}

/** What one item's operation gives: one output item or several (a list). */
export type ItemResult = IDataObject | IDataObject[] | ItemWithFiles;

/** The JSON of a result, or the result again with its JSON changed (its files kept). */
export function mapJson(
	result: ItemResult,
	change: (json: IDataObject) => IDataObject,
): ItemResult {
	if (result instanceof ItemWithFiles) return new ItemWithFiles(change(result.json), result.binary);
	return Array.isArray(result) ? result.map((json) => change(json)) : change(result);
}

export function toItems(result: ItemResult, itemIndex: number): INodeExecutionData[] {
	const pairedItem = { item: itemIndex };
	if (result instanceof ItemWithFiles)
		return [{ json: withoutErrorField(result.json), binary: result.binary, pairedItem }];
	const list = Array.isArray(result) ? result : [result];
	return list.map((json) => ({ json: withoutErrorField(json), pairedItem }));
}

/**
 * n8n takes an output item whose `json` has an `error` field, even `null`, for a failed one: Retry
 * On Fail runs the node again, which would send a money-moving request a second time. So a
 * service answer's own `error` field leaves a successful item as `service_error`.
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
export function errorItem(
	error: unknown,
	itemIndex: number,
	toErrorOutput: boolean,
): INodeExecutionData {
	const failure = error as { message?: string; description?: string; httpCode?: string };
	const message = failure.message ?? String(error);
	const { detail, code, field } = readErrorFacts(error);
	const facts: IDataObject = { outcome: outcomeOf(error) };
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

/** The error n8n shows when the run stops: an n8n error naming the item it stopped at. */
export function withItemIndex(
	context: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): Error {
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
