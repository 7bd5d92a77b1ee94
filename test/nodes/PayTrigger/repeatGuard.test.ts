/**
 * The Pay Trigger's repeat guard on its own: one callback's view (isRepeat, started, release) of
 * the copies under way in this process and of the records in the workflow's static data. The
 * records' book: recordBook.test.ts. Through the whole trigger: repeatRecords.test.ts and
 * verifiedEvents.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_BOOKS, repeatGuardFor } from '../../../nodes/PayTrigger/repeatGuard';
import type { RepeatGuard } from '../../../nodes/PayTrigger/repeatGuard';
import { savedRepeatRecords } from '../../harness/savedRepeatRecords';

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
	return {
		staticData,
		guard: () => repeatGuardFor(context as never, Number(options.repeatWindowMinutes ?? 60)),
	};
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
		const saved = JSON.parse(JSON.stringify(trigger.staticData)) as IDataObject;
		expect(Object.keys(savedRepeatRecords(saved))).toEqual([KEY]);
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

	// A window that is no number never reaches the guard: the trigger refuses it, naming the field
	// (triggerOptions.test.ts).
	it('with the window 0 guards nothing', async () => {
		const trigger = triggerNode({ repeatWindowMinutes: 0 });
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
