/**
 * The Pay Trigger's repeat guard on its own: one callback's view (isRepeat, started, release) of
 * the copies under way in this process and of the records in the workflow's static data; and the
 * records' pruning, run on every callback: whatever order the records came in (added here, or
 * merged from another process's save), it keeps exactly the newest MAX_REMEMBERED records within
 * the window. Through the whole trigger: repeatRecords.test.ts and verifiedEvents.test.ts.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import {
	MAX_BOOKS,
	MAX_REMEMBERED,
	prune,
	repeatGuardFor,
} from '../../../nodes/PayTrigger/repeatGuard';
import type { RepeatGuard } from '../../../nodes/PayTrigger/repeatGuard';

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

/** The index-th record, started at `at`. */
const numberedRecord = (at: number, index: number): [string, number] => [`payment:p${index}:3`, at];

describe('repeat records: pruning', () => {
	it('keeps the newest records within the window, added in the order of their times', () => {
		fc.assert(
			fc.property(times, (values) => {
				const records = [...values].sort((a, b) => a - b).map(numberedRecord);
				const book = Object.fromEntries(records);
				prune(book, WINDOW_MINUTES, NOW);
				expect(Object.keys(book).sort()).toEqual(expectedKeys(records));
			}),
			{ numRuns: 40, endOnFailure: true },
		);
	});

	it('keeps the same records in any order (merged from elsewhere), leaving them in order', () => {
		fc.assert(
			fc.property(times, (values) => {
				const records = values.map(numberedRecord);
				const book = Object.fromEntries(records);
				prune(book, WINDOW_MINUTES, NOW);
				expect(Object.keys(book).sort()).toEqual(expectedKeys(records));
				for (const [key, at] of records) if (key in book) expect(book[key]).toBe(at);
				// Over the bound, the book is rebuilt in time order: later prunes need no sort.
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

let workflows = 0;

/** A trigger node of a workflow of its own: its static data, and a guard per callback to it. */
function triggerNode(options: IDataObject = {}) {
	const id = `guard-${++workflows}`;
	const staticData: IDataObject = {};
	const context = {
		getWorkflow: () => ({ id }),
		getNode: () => ({ name: 'Pay Trigger' }),
		getWorkflowStaticData: () => staticData,
	};
	return { staticData, guard: () => repeatGuardFor(context as never, options) };
}

/** Whether the promise has settled once everything else queued has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
	let done = false;
	void promise.then(() => (done = true));
	await new Promise((resolve) => setImmediate(resolve));
	return done;
}

const KEY = 'payment:abc123:3';

describe('repeat guard, one callback at a time', () => {
	it('lets an event through once in the window, recording it in the static data', async () => {
		const trigger = triggerNode();
		const first = trigger.guard();
		expect(await first.isRepeat(KEY)).toBe(false);
		first.started(KEY);
		first.release();
		expect(Object.keys(trigger.staticData.seen as IDataObject)).toEqual([KEY]);
		expect(await trigger.guard().isRepeat(KEY)).toBe(true);
		expect(await trigger.guard().isRepeat('payment:abc123:4')).toBe(false);
	});

	it('holds records another process saved while within the window, not after it', async () => {
		const trigger = triggerNode({ repeatWindowMinutes: 1 });
		const now = Date.now();
		trigger.staticData.seen = { [KEY]: now - 59_000, 'payment:old:3': now - 60_000 };
		expect(await trigger.guard().isRepeat(KEY)).toBe(true);
		expect(await trigger.guard().isRepeat('payment:old:3')).toBe(false);
	});

	it.each([0, 'not a number'])('with the window %j guards nothing', async (window) => {
		const trigger = triggerNode({ repeatWindowMinutes: window });
		const first = trigger.guard();
		expect(await first.isRepeat(KEY)).toBe(false);
		first.started(KEY);
		first.release();
		expect(await trigger.guard().isRepeat(KEY)).toBe(false);
		expect(trigger.staticData.seen).toBeUndefined();
	});
});

describe('repeat guard, copies arriving together', () => {
	async function underWay(trigger: ReturnType<typeof triggerNode>): Promise<RepeatGuard> {
		const guard = trigger.guard();
		expect(await guard.isRepeat(KEY)).toBe(false);
		return guard;
	}

	it('a copy waits for the one under way, and is a repeat once that one started', async () => {
		const trigger = triggerNode();
		const first = await underWay(trigger);
		const copy = trigger.guard().isRepeat(KEY);
		expect(await settled(copy)).toBe(false);
		first.started(KEY);
		first.release();
		expect(await copy).toBe(true);
	});

	it('a copy goes on if the one under way started nothing; the next waits for it', async () => {
		const trigger = triggerNode();
		const first = await underWay(trigger);
		const second = trigger.guard();
		const copy = second.isRepeat(KEY);
		first.release();
		expect(await copy).toBe(false);
		const third = trigger.guard().isRepeat(KEY);
		expect(await settled(third)).toBe(false);
		second.release();
		expect(await third).toBe(false);
	});

	it('a started copy keeps others out though the records this one sees lost it', async () => {
		const trigger = triggerNode();
		const first = await underWay(trigger);
		first.started(KEY);
		first.release();
		// Enough other trigger nodes that this process lets go of this one's records.
		for (let n = 0; n < MAX_BOOKS; n++) triggerNode().guard();
		trigger.staticData.seen = {};
		expect(await trigger.guard().isRepeat(KEY)).toBe(true);
	});
});
