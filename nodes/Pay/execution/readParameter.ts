/**
 * The one way an operation reads its fields. A field the user set without an expression is the
 * same for every item, so it is read once per run of the node rather than once per item: n8n's
 * getNodeParameter resolves, copies and checks the value on every call, and for a creation whose
 * only mapped fields are Amount and Description those per-item reads of the fixed fields were most
 * of the node's own CPU time (docs/BENCHMARKS.md). A field holding an expression anywhere (even
 * inside a collection) is read per item: from the item itself when it only names one of its values
 * (mappedItemPath, below), otherwise by n8n. No field of this package has an expression as its
 * default (a test checks), so a field left at its default is fixed too.
 */
import { isSafeObjectProperty } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	IGetNodeParameterOptions,
	NodeParameterValueType,
	IDataObject,
} from 'n8n-workflow';

import { isLocatorValue } from '../helpers/fieldInput';
import type { OperationEnvironment } from './operationEnvironment';

/** n8n names a node's AI-tool form by adding `Tool` to its type. */
export function runsAsTool(nodeType: string): boolean {
	return nodeType.endsWith('Tool');
}

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

/**
 * A field mapped straight from the input item, `{{ $json.amount }}` as dragging a field from the
 * input panel writes it, is read from the item itself. n8n 2.41 works out every expression in its
 * expression runtime (about half a millisecond of CPU each, measured in `n8n execute`): for a
 * creation with Amount and Description mapped, that was most of the node's time per item. Only a
 * plain path into `$json` (what n8n's `$json` is: the item's `json`) that ends at a string, number
 * or boolean is read here; anything else, a missing value included, is left to n8n, so the result
 * is always n8n's own.
 */
/** `={{ $json.a.b }}`, `={{ $json['a b'] }}`: one expression and nothing around it. */
const WHOLE_MAPPING =
	/^=\{\{\s*\$json((?:\.[A-Za-z_$][\w$]*|\[\s*'[^'\\]*'\s*\]|\[\s*"[^"\\]*"\s*\])+)\s*\}\}$/;
const PATH_STEP = /\.([A-Za-z_$][\w$]*)|\[\s*'([^'\\]*)'\s*\]|\[\s*"([^"\\]*)"\s*\]/g;

/**
 * The keys of the item's `json` a field holds as its whole value, or undefined for any other value.
 */
export function mappedItemPath(raw: unknown): string[] | undefined {
	if (typeof raw !== 'string') return undefined;
	const mapping = WHOLE_MAPPING.exec(raw);
	if (mapping === null) return undefined;
	const path = [...mapping[1].matchAll(PATH_STEP)].map((step) => step[1] ?? step[2] ?? step[3]);
	return path.every(mayBeReadHere) ? path : undefined;
}

/**
 * n8n's expression sandbox refuses some keys: `$` used as an object, and the keys its
 * isSafeObjectProperty rejects (`constructor`, `__proto__`, … as the running n8n lists
 * them). A path through such a key, or through one of the sandbox's own `__` names, is left
 * to n8n, which says so. So is a key holding `{{` or `}}`: n8n cuts the expression there.
 */
function mayBeReadHere(key: string): boolean {
	return (
		key !== '$' &&
		!key.startsWith('__') &&
		!key.includes('{{') &&
		!key.includes('}}') &&
		isSafeObjectProperty(key)
	);
}

/**
 * The string, number or boolean at `path` in `json`, through its own keys only;
 * undefined otherwise.
 */
export function plainValueAt(
	json: IDataObject,
	path: string[],
): string | number | boolean | undefined {
	let value: unknown = json;
	for (const key of path) {
		if (
			typeof value !== 'object' ||
			value === null ||
			!Object.prototype.hasOwnProperty.call(value, key)
		)
			return undefined;
		value = (value as Record<string, unknown>)[key];
	}
	return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
		? value
		: undefined;
}

/**
 * A value every item of a node run shares (the service's public key, the parts of the derived
 * Reference, a callback URL with its secret), worked out by the first item that needs it. Items
 * running at once wait for the same promise rather than each working it out. A failure is not
 * kept: the next item tries again, and each failing item gets its own error.
 */
export async function onceForTheRun<T>(
	env: Pick<OperationEnvironment, 'executionCache'>,
	key: string,
	make: () => T | Promise<T>,
): Promise<T> {
	const cache = env.executionCache;
	const shared = cache.get(key) as Promise<T> | undefined;
	if (shared !== undefined) return await shared;
	const made = Promise.resolve().then(make);
	cache.set(key, made);
	made.catch(() => {
		if (cache.get(key) === made) cache.delete(key);
	});
	return await made;
}
