/**
 * The repeat records' pruning, run on every callback: whatever order the records came in (added
 * here, or merged from another process's save), it keeps exactly the newest MAX_REMEMBERED
 * records within the window.
 */
import fc from 'fast-check';

import { MAX_REMEMBERED, prune } from '../../../nodes/PayTrigger/repeatGuard';

const NOW = 1_800_000_000_000;
const WINDOW_MINUTES = 60;
const WINDOW_MS = WINDOW_MINUTES * 60_000;

/** What prune must keep: the records within the window, the newest MAX_REMEMBERED of them. */
function expectedKeys(records: Array<[string, number]>): string[] {
	return records
		.filter(([, at]) => NOW - at < WINDOW_MS)
		.sort((a, b) => b[1] - a[1])
		.slice(0, MAX_REMEMBERED)
		.map(([key]) => key)
		.sort();
}

/**
 * Distinct times, a sixth of them older than the window, for books from under the bound to a few
 * hundred records over it (fast-check keeps arrays short unless told their size).
 */
const times = fc.uniqueArray(fc.integer({ min: NOW - 1.2 * WINDOW_MS, max: NOW }), {
	minLength: 900,
	maxLength: 1600,
	size: 'max',
});

describe('repeat records: pruning', () => {
	it('keeps the newest records within the window, added in the order of their times', () => {
		fc.assert(
			fc.property(times, (values) => {
				const records = [...values]
					.sort((a, b) => a - b)
					.map((at, index): [string, number] => [`payment:p${index}:3`, at]);
				const book = Object.fromEntries(records);
				prune(book, WINDOW_MINUTES, NOW);
				expect(Object.keys(book).sort()).toEqual(expectedKeys(records));
			}),
			{ numRuns: 40, endOnFailure: true },
		);
	});

	it('keeps the same records in any order (records merged from another process), and leaves them in order', () => {
		fc.assert(
			fc.property(times, (values) => {
				const records = values.map((at, index): [string, number] => [`payment:p${index}:3`, at]);
				const book = Object.fromEntries(records);
				prune(book, WINDOW_MINUTES, NOW);
				expect(Object.keys(book).sort()).toEqual(expectedKeys(records));
				for (const [key, at] of records) if (key in book) expect(book[key]).toBe(at);
				// Once over the bound, the book is rebuilt in time order: later prunes need no sort.
				const kept = Object.values(book);
				if (records.filter(([, at]) => NOW - at < WINDOW_MS).length > MAX_REMEMBERED)
					expect(kept).toEqual([...kept].sort((a, b) => a - b));
			}),
			{ numRuns: 40, endOnFailure: true },
		);
	});

	it('forgets a record the moment it is as old as the window', () => {
		const book = { old: NOW - WINDOW_MS, young: NOW - WINDOW_MS + 1 };
		prune(book, WINDOW_MINUTES, NOW);
		expect(book).toEqual({ young: NOW - WINDOW_MS + 1 });
	});
});
