/**
 * A field mapped straight from the input item, `{{ $json.amount }}` as dragging a field from the
 * input panel writes it, is read from the item itself. n8n 2.41 works out every expression in its
 * expression runtime (about half a millisecond of CPU each, measured in `n8n execute`): for a
 * creation with Amount and Description mapped, that was most of the node's time per item. Only a
 * plain path into `$json` (what n8n's `$json` is: the item's `json`) that ends at a string, number
 * or boolean is read here; anything else, a missing value included, is left to n8n, so the result
 * is always n8n's own.
 */
import { isSafeObjectProperty } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

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
