/**
 * What came back against an expected example (expected/reading.ts): each field missing, of another
 * type, or extra, by its path (`data.text_long_value`, `[].amount`, `[1].fields.url`). Types only,
 * never values.
 */
import { jsonType } from './jsonType';

export type DifferenceKind = 'missing' | 'other type' | 'extra';

export interface Difference {
	path: string;
	kind: DifferenceKind;
	/** The type the node expects (missing, other type). */
	expected?: string;
	/** The type that came back (other type, extra). */
	found?: string;
}

export function compareShape(expected: unknown, actual: unknown): Difference[] {
	const differences: Difference[] = [];
	compareAt(expected, actual, '', differences);
	const seen = new Set<string>();
	return differences.filter((difference) => {
		const key = `${difference.kind} ${difference.path} ${difference.found ?? ''}`;
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}

function compareAt(expected: unknown, actual: unknown, path: string, out: Difference[]): void {
	const want = jsonType(expected);
	const got = jsonType(actual);
	if (want !== got) {
		out.push({ path: path || '(the answer)', kind: 'other type', expected: want, found: got });
		return;
	}
	if (want === 'array') return compareLists(expected as unknown[], actual as unknown[], path, out);
	if (want !== 'object') return;
	const wanted = expected as Record<string, unknown>;
	const given = actual as Record<string, unknown>;
	for (const [field, example] of Object.entries(wanted)) {
		const at = join(path, field);
		if (!Object.hasOwn(given, field))
			out.push({ path: at, kind: 'missing', expected: jsonType(example) });
		else compareAt(example, given[field], at, out);
	}
	for (const [field, value] of Object.entries(given))
		if (!Object.hasOwn(wanted, field))
			out.push({ path: join(path, field), kind: 'extra', found: jsonType(value) });
}

/** One example entry: a list of such entries; several: entries in that order. */
function compareLists(expected: unknown[], actual: unknown[], path: string, out: Difference[]) {
	if (expected.length === 1) {
		for (const entry of actual) compareAt(expected[0], entry, `${path}[]`, out);
		return;
	}
	expected.forEach((example, index) => {
		if (index < actual.length) compareAt(example, actual[index], `${path}[${index}]`, out);
		else out.push({ path: `${path}[${index}]`, kind: 'missing', expected: jsonType(example) });
	});
	for (let index = expected.length; index < actual.length; index++)
		out.push({ path: `${path}[${index}]`, kind: 'extra', found: jsonType(actual[index]) });
}

function join(path: string, field: string): string {
	return path === '' ? field : `${path}.${field}`;
}
