/**
 * The records of seen transfers (nodes/PayMoneyReceivedTrigger/seenTransfers.ts): counted per key
 * (the service gives no id), bounded to the newest MAX_REMEMBERED, with a floor under which a
 * transfer counts as seen.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	MAX_REMEMBERED,
	SeenTransfers,
	transferKey,
} from '../../../nodes/PayMoneyReceivedTrigger/seenTransfers';
import type { Listed } from '../../../nodes/PayMoneyReceivedTrigger/seenTransfers';

const START = Date.parse('2026-01-01T00:00:00.000Z');

/** A listed transfer received `minute` minutes after START. */
function at(minute: number, amount = 1000): Listed<string> {
	const date = new Date(START + minute * 60_000).toISOString();
	const key = transferKey(date, 'friend', 'demo', amount);
	return { key, time: Date.parse(date), entry: `${minute}:${amount}` };
}

/**
 * The same static data through polls, as n8n keeps it (and JSON through its database): what is new,
 * then every one of them noted (none returned for a baseline).
 */
function take(staticData: IDataObject, listed: Array<Listed<string>>, baseline = false) {
	const book = new SeenTransfers(staticData);
	const fresh = book.newIn(listed);
	book.markChecked();
	book.note(...fresh);
	return baseline ? [] : fresh.map((transfer) => [transfer.entry, transfer.occurrence]);
}

describe('seen transfers', () => {
	it('a baseline records the list and returns nothing; then only what is new, oldest first', () => {
		const data: IDataObject = {};
		expect(new SeenTransfers(data).started).toBe(false);
		expect(take(data, [at(1), at(2)], true)).toEqual([]);
		expect(new SeenTransfers(data).started).toBe(true);
		expect(take(data, [at(9), at(1), at(2), at(5)])).toEqual([
			['5:1000', 1],
			['9:1000', 1],
		]);
		expect(take(data, [at(9), at(1), at(2), at(5)])).toEqual([]);
	});

	it('counts alike transfers: one more listed is one new; a list showing fewer forgets none', () => {
		const data: IDataObject = {};
		expect(take(data, [at(1), at(1)])).toEqual([
			['1:1000', 1],
			['1:1000', 2],
		]);
		expect(take(data, [at(1)])).toEqual([]);
		expect(take(data, [at(1), at(1)])).toEqual([]);
		expect(take(data, [at(1), at(1), at(1)])).toEqual([['1:1000', 3]]);
	});

	it('keeps the newest MAX_REMEMBERED; one dated before the oldest kept counts as seen, one after is new', () => {
		const data: IDataObject = {};
		const many = Array.from({ length: MAX_REMEMBERED + 20 }, (_, minute) => at(minute));
		take(data, many, true);
		const saved = JSON.parse(JSON.stringify(data)) as IDataObject;
		expect(Object.keys(saved.seen as object)).toHaveLength(MAX_REMEMBERED);
		expect(saved.floor).toBe(START + 20 * 60_000);
		// Forgotten, yet listed again, or a late one dated among them: nothing.
		expect(take(saved, [...many, at(3, 777)])).toEqual([]);
		// Dated at the floor or later and unknown: new.
		expect(take(saved, [...many, at(20, 778), at(600)])).toEqual([
			['20:778', 1],
			['600:1000', 1],
		]);
		expect(Object.keys(saved.seen as object).length).toBeLessThanOrEqual(MAX_REMEMBERED);
	});

	it("keeps every record at the floor's own time (they cannot be told from the ones dropped)", () => {
		const data: IDataObject = {};
		const older = [at(1), at(2), at(3)];
		const tied = Array.from({ length: 10 }, (_, n) => at(5, n + 1));
		const newer = Array.from({ length: MAX_REMEMBERED - 8 }, (_, n) => at(6 + n));
		// MAX_REMEMBERED + 5 in all: the cut falls among the ten alike in time.
		take(data, [...older, ...tied, ...newer], true);
		const keys = Object.keys(data.seen as object);
		expect(data.floor).toBe(START + 5 * 60_000);
		expect(keys).toHaveLength(MAX_REMEMBERED + 2);
		expect(keys.filter((key) => key.includes('T00:05:00.000Z'))).toHaveLength(10);
		expect(take(data, [...older, ...tied, ...newer])).toEqual([]);
		expect(take(data, [...tied, at(5, 99)])).toEqual([['5:99', 1]]);
	});

	it('finding what is new records nothing; each transfer noted counts as seen, the ones after it stay new', () => {
		const data: IDataObject = {};
		take(data, [at(1)], true);
		const book = new SeenTransfers(data);
		const fresh = book.newIn([at(1), at(2), at(3), at(3)]);
		expect(fresh.map((transfer) => [transfer.entry, transfer.occurrence])).toEqual([
			['2:1000', 1],
			['3:1000', 1],
			['3:1000', 2],
		]);
		expect(Object.values(data.seen as object)).toEqual([1]);
		book.note(fresh[0], fresh[1]);
		const saved = JSON.parse(JSON.stringify(data)) as IDataObject;
		expect(take(saved, [at(1), at(2), at(3), at(3)])).toEqual([['3:1000', 2]]);
	});

	it('leaves out a transfer without a readable date', () => {
		const data: IDataObject = {};
		const undated = { key: transferKey('yesterday', 'friend', 'demo', 1), time: NaN, entry: 'x' };
		expect(take(data, [undated, at(1)])).toEqual([['1:1000', 1]]);
		expect(Object.keys(data.seen as object)).toEqual([at(1).key]);
	});
});
