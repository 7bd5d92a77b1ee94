/**
 * The one way an operation reads its fields. A field the user set without an expression is the
 * same for every item, so it is read once per run of the node rather than once per item: n8n's
 * getNodeParameter resolves, copies and checks the value on every call, and for a creation whose
 * only mapped fields are Amount and Description those per-item reads of the fixed fields were most
 * of the node's own CPU time (docs/BENCHMARKS.md). A field holding an expression anywhere (even
 * inside a collection) is read per item: from the item itself when it only names one of its values
 * (mappedItemField.ts), otherwise by n8n. No field of this package has an expression as its
 * default (a test checks), so a field left at its default is fixed too.
 */
import type {
	IExecuteFunctions,
	IGetNodeParameterOptions,
	NodeParameterValueType,
} from 'n8n-workflow';

import { isLocatorValue } from '../helpers/locatorValue';
import { runsAsTool } from './derivedReference';
import { mappedItemPath, plainValueAt } from './mappedItemField';
import type { OperationEnvironment } from './operationEnvironment';

/** What n8n's getNodeParameter is asked besides the name: a resource locator's value alone. */
export type ReadOptions = Pick<IGetNodeParameterOptions, 'extractValue'>;

const fixedValuesOfRun = new WeakMap<object, Map<string, unknown>>();

/**
 * The item's value of a field, as `getNodeParameter(name, itemIndex, fallback, options)` gives it.
 */
export function readParameter(
	context: IExecuteFunctions,
	env: Pick<OperationEnvironment, 'node' | 'executionCache'>,
	name: string,
	itemIndex: number,
	fallback?: NodeParameterValueType,
	options?: ReadOptions,
): unknown {
	const raw = env.node.parameters[name];
	if (holdsExpression(raw))
		return readPerItem(context, env, name, itemIndex, raw, fallback, options);
	// The run's cache map is made for each run of the node and dropped with it: so are these values.
	let values = fixedValuesOfRun.get(env.executionCache);
	if (values === undefined) {
		values = new Map();
		fixedValuesOfRun.set(env.executionCache, values);
	}
	const key = options?.extractValue ? `${name}\u0000extractValue` : name;
	if (!values.has(key))
		values.set(key, context.getNodeParameter(name, itemIndex, fallback, options));
	// Each item gets its own copy, as from n8n: a change to one item's value stays with that item.
	return copyOf(values.get(key));
}

/**
 * A copy of a parameter value (JSON: arrays, plain objects, text, numbers, booleans, null), without
 * structuredClone's cost.
 */
function copyOf(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(copyOf);
	if (typeof value !== 'object' || value === null) return value;
	const copy: Record<string, unknown> = {};
	for (const [key, field] of Object.entries(value)) copy[key] = copyOf(field);
	return copy;
}

/**
 * An expression, worked out by n8n unless it only names a value of the input item. A resource
 * locator (`{ mode, value }`, version 2's payment and card fields) is read so by its value; one
 * whose value alone is asked for (`extractValue`, a mode's pattern applied) is left to n8n.
 */
function readPerItem(
	context: IExecuteFunctions,
	env: Pick<OperationEnvironment, 'node' | 'executionCache'>,
	name: string,
	itemIndex: number,
	raw: unknown,
	fallback?: NodeParameterValueType,
	options?: ReadOptions,
): unknown {
	const locator = isLocatorValue(raw) ? raw : undefined;
	const fromItem = !runsAsTool(env.node.type) && !options?.extractValue;
	const path = fromItem ? mappedItemPath(locator?.value ?? raw) : undefined;
	const item = path && context.getInputData()[itemIndex];
	const value = item ? plainValueAt(item.json, path) : undefined;
	if (value === undefined) return context.getNodeParameter(name, itemIndex, fallback, options);
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
