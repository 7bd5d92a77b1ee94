/**
 * The Pay Trigger's record book on its own: whatever order the records come in (recorded here, or
 * merged from another process's save), it keeps exactly the newest MAX_REMEMBERED records within
 * the window; and n8n saves them in the shape they have always had, `{ [event key]: ms }`, so
 * records saved before this book existed are read, and an older package reads the new ones.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { MAX_REMEMBERED, RecordBook } from '../../../nodes/PayTrigger/recordBook';
import { savedRepeatRecords } from '../../harness/savedRepeatRecords';

const NOW = 1_800_000_000_000;
const WINDOW_MINUTES = 60;
const WINDOW_MS = WINDOW_MINUTES * 60_000;

/** What the book must keep: the records within the window, the newest MAX_REMEMBERED of them. */
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

/** The index-th record, started at `at`. */
const numberedRecord = (at: number, index: number): [string, number] => [`payment:p${index}:3`, at];

/** The static data as n8n writes it to its database and reads it back. */
function savedAndLoaded(book: RecordBook): IDataObject {
	const staticData: IDataObject = {};
	book.saveInto(staticData);
	return JSON.parse(JSON.stringify(staticData)) as IDataObject;
}

const savedRecords = (book: RecordBook) => savedRepeatRecords(savedAndLoaded(book));

/** A book that merged `records` as another process saved them. */
function mergedBook(records: Array<[string, number]>, now = NOW): RecordBook {
	const book = new RecordBook();
	book.merge({ seen: Object.fromEntries(records), seenBy: 'another process' }, WINDOW_MINUTES, now);
	return book;
}

describe('record book: pruning', () => {
	it('keeps the newest records within the window, recorded in the order of their times', () => {
		fc.assert(
			fc.property(times, (values) => {
				const records = [...values].sort((a, b) => a - b).map(numberedRecord);
				const book = new RecordBook();
				for (const [key, at] of records) book.record(key, at, WINDOW_MINUTES);
				book.prune(WINDOW_MINUTES, NOW);
				expect(Object.keys(savedRecords(book)).sort()).toEqual(expectedKeys(records));
			}),
			{ numRuns: 40, endOnFailure: true },
		);
	});

	it('keeps the same records merged in any order, with their times, saved in time order', () => {
		fc.assert(
			fc.property(times, (values) => {
				const records = values.map(numberedRecord);
				const saved = savedRecords(mergedBook(records));
				expect(Object.keys(saved).sort()).toEqual(expectedKeys(records));
				for (const [key, at] of records) if (key in saved) expect(saved[key]).toBe(at);
				const kept = Object.values(saved);
				expect(kept).toEqual([...kept].sort((a, b) => a - b));
			}),
			{ numRuns: 40, endOnFailure: true },
		);
	});

	it('forgets a record the moment it is as old as the window', () => {
		const book = mergedBook([
			['old', NOW - WINDOW_MS],
			['young', NOW - WINDOW_MS + 1],
		]);
		expect(savedRecords(book)).toEqual({ young: NOW - WINDOW_MS + 1 });
	});

	it('a record made again moves to the newest, and the oldest goes first over the bound', () => {
		const book = new RecordBook();
		const start = NOW - MAX_REMEMBERED;
		for (let n = 0; n < MAX_REMEMBERED; n++) book.record(`payment:p${n}:3`, start + n, 60);
		book.record('payment:p0:3', NOW, WINDOW_MINUTES);
		book.record('payment:new:3', NOW, WINDOW_MINUTES);
		expect(book.has('payment:p0:3')).toBe(true);
		expect(book.has('payment:p1:3')).toBe(false);
		expect(book.has('payment:p2:3')).toBe(true);
		expect(Object.keys(savedRecords(book))).toHaveLength(MAX_REMEMBERED);
	});
});

describe('record book: in the static data', () => {
	it('is saved as the JSON of { [event key]: ms }, beside the stamp of the process that saved it', () => {
		const book = new RecordBook();
		book.record('payment:abc:3', NOW, WINDOW_MINUTES);
		const loaded = savedAndLoaded(book);
		expect(loaded.seen).toBe(JSON.stringify({ 'payment:abc:3': NOW }));
		expect(typeof loaded.seenBy).toBe('string');
	});

	it('carries the records made after it was put into the static data, when n8n saves', () => {
		const book = new RecordBook();
		const staticData: IDataObject = {};
		book.record('payment:a:3', NOW - 1, WINDOW_MINUTES);
		book.saveInto(staticData);
		book.record('payment:b:3', NOW, WINDOW_MINUTES);
		const seen = savedRepeatRecords(JSON.parse(JSON.stringify(staticData)) as IDataObject);
		expect(seen).toEqual({ 'payment:a:3': NOW - 1, 'payment:b:3': NOW });
	});

	it('reads the records object earlier versions saved, and keeps the later time of a key', () => {
		const book = new RecordBook();
		book.record('payment:a:3', NOW - 10, WINDOW_MINUTES);
		book.merge(
			{ seen: { 'payment:a:3': NOW - 20, 'payment:b:3': NOW - 5, junk: 'x' } },
			WINDOW_MINUTES,
			NOW,
		);
		expect(book.startedAt('payment:a:3')).toBe(NOW - 10);
		expect(book.startedAt('payment:b:3')).toBe(NOW - 5);
		expect(book.has('junk')).toBe(false);
	});

	it('reads a book put into the static data before n8n has written it', () => {
		const other = new RecordBook();
		other.record('payment:other:3', NOW - 1, WINDOW_MINUTES);
		const staticData: IDataObject = {};
		other.saveInto(staticData);
		staticData.seenBy = 'another process';
		const book = new RecordBook();
		book.merge(staticData, WINDOW_MINUTES, NOW);
		expect(book.startedAt('payment:other:3')).toBe(NOW - 1);
	});

	it("merges another process's save into a book that holds records of its own", () => {
		const book = new RecordBook();
		book.record('payment:mine:3', NOW, WINDOW_MINUTES);
		const theirs = { seen: JSON.stringify({ 'payment:theirs:3': NOW - 1 }), seenBy: 'another' };
		book.merge(theirs, WINDOW_MINUTES, NOW);
		expect(book.has('payment:theirs:3')).toBe(true);
		expect(book.has('payment:mine:3')).toBe(true);
	});
});
