/**
 * A JSON value's type, the only thing the report says of a value: a value can identify someone (a
 * name, a phone, a slug) or be a secret (a token), its type cannot.
 */
export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object' | 'other';

export function jsonType(value: unknown): JsonType {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	switch (typeof value) {
		case 'string':
		case 'number':
		case 'boolean':
		case 'object':
			return typeof value as JsonType;
		default:
			return 'other';
	}
}

/** At most this many entries of a list are described; the rest is counted. */
const ENTRIES_SHOWN = 2;

/** A value with every leaf replaced by its type: `{"amount": "number", "url": "string"}`. */
export function typesOnly(value: unknown): unknown {
	if (Array.isArray(value)) {
		const shown = value.slice(0, ENTRIES_SHOWN).map(typesOnly);
		const more = value.length - shown.length;
		return more > 0 ? [...shown, `… ${more} more`] : shown;
	}
	if (jsonType(value) === 'object')
		return Object.fromEntries(
			Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
				key,
				typesOnly(inner),
			]),
		);
	return jsonType(value);
}
