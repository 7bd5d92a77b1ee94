import type { IExecuteFunctions, NodeParameterValueType } from 'n8n-workflow';

import { runsAsTool } from '../../execution/derivedReference';
import { isLocatorValue } from '../../helpers/locatorValue';
import type { OperationEnvironment } from '../types';
import { mappedItemPath, plainValueAt } from './mappedItemField';

/**
 * A field the user set without an expression is the same for every item, so it is read once per
 * run of the node rather than once per item: n8n's getNodeParameter resolves, copies and checks
 * the value on every call, and for a creation whose only mapped fields are Amount and
 * Description those per-item reads of the fixed fields were most of the node's own CPU time.
 * A field holding an expression anywhere (even inside a collection) is read per item: from the item
 * itself when it only names one of its values (mappedItemField.ts), otherwise by n8n.
 * No field of this package has an expression as its default (a test checks), so a field left at
 * its default is fixed too.
 */
const fixedValuesOfRun = new WeakMap<object, Map<string, unknown>>();

export function readItemParameter(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	name: string,
	itemIndex: number,
	fallback?: NodeParameterValueType,
): unknown {
	const raw = env.node.parameters[name];
	if (holdsExpression(raw)) return readPerItem(context, env, name, itemIndex, raw, fallback);
	// The run's cache map is made for each run of the node and dropped with it: so are these values.
	let values = fixedValuesOfRun.get(env.executionCache);
	if (values === undefined) {
		values = new Map();
		fixedValuesOfRun.set(env.executionCache, values);
	}
	if (!values.has(name)) values.set(name, context.getNodeParameter(name, itemIndex, fallback));
	const value = values.get(name);
	// Each item gets its own copy, as from n8n: a change to one item's value stays with that item.
	return copyOf(value);
}

/** A copy of a parameter value (JSON: arrays, plain objects, text, numbers, booleans, null), without structuredClone's cost. */
function copyOf(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(copyOf);
	if (typeof value !== 'object' || value === null) return value;
	const copy: Record<string, unknown> = {};
	for (const [key, field] of Object.entries(value)) copy[key] = copyOf(field);
	return copy;
}

/**
 * An expression, worked out by n8n unless it only names a value of the input item. A resource
 * locator (`{ mode, value }`, version 2's payment and card fields) is read so by its value.
 */
function readPerItem(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	name: string,
	itemIndex: number,
	raw: unknown,
	fallback?: NodeParameterValueType,
): unknown {
	const locator = isLocatorValue(raw) ? raw : undefined;
	const path = runsAsTool(env.node.type) ? undefined : mappedItemPath(locator?.value ?? raw);
	const item = path && context.getInputData()[itemIndex];
	const value = item ? plainValueAt(item.json, path) : undefined;
	if (value === undefined) return context.getNodeParameter(name, itemIndex, fallback);
	return locator ? { ...locator, value } : value;
}

/** n8n marks an expression with a leading `=`, at any depth of a parameter's value. */
export function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (typeof value === 'object' && value !== null)
		return Object.values(value).some(holdsExpression);
	return false;
}
