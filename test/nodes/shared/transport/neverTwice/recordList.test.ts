/**
 * A record list's calls made together: what arrives while a write is under way joins the next one,
 * and each caller still learns what it would have learnt alone, in the order it asked.
 */
import {
	recordList,
	recordQueuesInUse,
} from '../../../../../nodes/shared/transport/neverTwice/recordList';
import type { DeduplicationHelpers } from '../../../../../nodes/shared/transport/neverTwice/recordList';

/** n8n's store for one list: a read, a round trip, a write; every call counted. */
function countingStore() {
	const keys: string[] = [];
	const calls: Array<{ kind: 'record' | 'remove'; keys: string[] }> = [];
	const roundTrip = async () => await new Promise((resolve) => setImmediate(resolve));
	const helpers = {
		checkProcessedAndRecord: async (items: unknown[]) => {
			calls.push({ kind: 'record', keys: items.map(String) });
			await roundTrip();
			const fresh = items.map(String).filter((key) => !keys.includes(key));
			keys.push(...fresh);
			return { new: fresh, processed: [] };
		},
		removeProcessed: async (items: unknown[]) => {
			calls.push({ kind: 'remove', keys: items.map(String) });
			await roundTrip();
			for (const key of items.map(String))
				if (keys.includes(key)) keys.splice(keys.indexOf(key), 1);
		},
	} as unknown as DeduplicationHelpers;
	return { keys, calls, helpers };
}

let listSerial = 0;
const newList = (helpers: DeduplicationHelpers) =>
	recordList(helpers, `list-${++listSerial}`, 'node', 1000);

describe('a record list', () => {
	it('records a hundred calls made at once in at most two writes (the first alone, then the rest)', async () => {
		const store = countingStore();
		const list = newList(store.helpers);
		const answers = await Promise.all(
			Array.from(
				{ length: 100 },
				async (_, n) => await list.recordNew([`claim-${n}`, `owner-${n}`]),
			),
		);
		expect(store.calls.length).toBeLessThanOrEqual(2);
		answers.forEach((fresh, n) => expect([...fresh]).toEqual([`claim-${n}`, `owner-${n}`]));
		expect(store.keys).toHaveLength(200);
		// The turn is let go once its callers have their answers.
		await new Promise((resolve) => setImmediate(resolve));
		expect(recordQueuesInUse()).toBe(0);
	});

	it('tells a key new to the first of two calls in one write only, as two writes in turn would', async () => {
		const store = countingStore();
		const list = newList(store.helpers);
		const first = list.recordNew(['warm-up']);
		const [a, b] = await Promise.all([list.recordNew(['same']), list.recordNew(['same', 'other'])]);
		await first;
		expect([...a]).toEqual(['same']);
		expect([...b]).toEqual(['other']);
	});

	it('answers which keys are recorded without recording the others, and keeps the order of calls', async () => {
		const store = countingStore();
		const list = newList(store.helpers);
		await list.recordNew(['kept']);
		const [recorded] = await Promise.all([
			list.recorded(['kept', 'absent']),
			list.remove(['kept']),
			list.recordNew(['later']),
		]);
		expect([...recorded]).toEqual(['kept']);
		expect(store.keys).toEqual(['later']);
	});

	it('fails every call of a write that failed, and the next write goes on', async () => {
		const store = countingStore();
		const failing = {
			...store.helpers,
			checkProcessedAndRecord: async () => await Promise.reject(new Error('database down')),
		} as unknown as DeduplicationHelpers;
		const list = newList(failing);
		const results = await Promise.allSettled([list.recordNew(['a']), list.recordNew(['b'])]);
		expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
		await list.remove(['a']);
		expect(store.calls).toEqual([{ kind: 'remove', keys: ['a'] }]);
	});
});
