/**
 * A record list in n8n's deduplication store (a node's list, or the workflow's), its writes made
 * together: every call that arrives while an earlier write of the list is under way joins the next
 * one. n8n reads and writes a list whole (one database row), so the claims of a thousand payouts
 * cost one write rather than a thousand, and in one process the writes still take their turns
 * (inTurn, below) as each one's result depends on the one before.
 */
import { sleep } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

/** What a record list is written through: the execute context's deduplication helpers. */
export type DeduplicationHelpers = Pick<
	IExecuteFunctions['helpers'],
	'checkProcessedAndRecord' | 'removeProcessed'
>;

export interface RecordList {
	/** Records the keys; says which were not recorded before (for this call, not an earlier one). */
	recordNew(keys: string[]): Promise<Set<string>>;
	/** Which of the keys are recorded, recording none of them. */
	recorded(keys: string[]): Promise<Set<string>>;
	remove(keys: string[]): Promise<void>;
}

type Kind = 'record' | 'probe' | 'remove';

interface Call {
	kind: Kind;
	keys: string[];
	settle(result: Set<string>): void;
	fail(error: unknown): void;
}

/** Calls waiting for the next write, per list; a list leaves when its write starts. */
const waiting = new Map<string, Call[]>();

/**
 * `name` tells lists apart in this process (workflow, and node or 'workflow'); every RecordList of
 * one name must use the same scope and size.
 */
export function recordList(
	helpers: DeduplicationHelpers,
	name: string,
	scope: 'node' | 'workflow',
	maxEntries: number,
): RecordList {
	const options = { mode: 'entries', maxEntries } as const;
	const store: Store = {
		record: async (keys) =>
			new Set((await helpers.checkProcessedAndRecord(keys, scope, options)).new.map(String)),
		remove: async (keys) => await helpers.removeProcessed(keys, scope, options),
	};
	const call = async (kind: Kind, keys: string[]) =>
		await new Promise<Set<string>>((settle, fail) => {
			join(name, store, { kind, keys, settle, fail });
		});
	return {
		recordNew: async (keys) => await call('record', keys),
		recorded: async (keys) => {
			const absent = await call('probe', keys);
			return new Set(keys.filter((key) => !absent.has(key)));
		},
		remove: async (keys) => {
			await call('remove', keys);
		},
	};
}

interface Store {
	record(keys: string[]): Promise<Set<string>>;
	remove(keys: string[]): Promise<void>;
}

function join(name: string, store: Store, call: Call): void {
	const calls = waiting.get(name);
	if (calls) {
		calls.push(call);
		return;
	}
	waiting.set(name, [call]);
	void inTurn(name, async () => {
		// One turn of the event loop: the other items of the run, a few promise steps behind this
		// one, join this write rather than the next.
		await sleep(0);
		const batch = waiting.get(name) ?? [];
		waiting.delete(name);
		await writeBatch(store, batch);
	});
}

/** Consecutive calls of one kind go in one write; the order between kinds is kept. */
async function writeBatch(store: Store, calls: Call[]): Promise<void> {
	for (let start = 0; start < calls.length;) {
		let end = start + 1;
		while (end < calls.length && calls[end].kind === calls[start].kind) end++;
		const group = calls.slice(start, end);
		await writeGroup(store, group).catch((error: unknown) => {
			for (const call of group) call.fail(error);
		});
		start = end;
	}
}

async function writeGroup(store: Store, group: Call[]): Promise<void> {
	const keys = [...new Set(group.flatMap((call) => call.keys))];
	if (group[0].kind === 'remove') {
		await store.remove(keys);
		for (const call of group) call.settle(new Set());
		return;
	}
	const fresh = await store.record(keys);
	// A probe takes back what asking recorded: it only wanted to know.
	if (group[0].kind === 'probe' && fresh.size > 0) await store.remove([...fresh]);
	for (const call of group) call.settle(newForThisCall(call, fresh, group[0].kind));
}

/** A key two calls of one write both recorded is new only for the first of them. */
function newForThisCall(call: Call, fresh: Set<string>, kind: Kind): Set<string> {
	const mine = new Set(call.keys.filter((key) => fresh.has(key)));
	if (kind === 'record') for (const key of mine) fresh.delete(key);
	return mine;
}

/*
 * n8n's deduplication helpers read a record list, then write it back whole: two calls at once in
 * one process would lose one's write. Calls on the same list therefore wait their turn here.
 */

/** Calls waiting per record list; a list's entry leaves when its last call is done. */
const turns = new Map<string, Promise<unknown>>();

export async function inTurn<T>(list: string, task: () => Promise<T>): Promise<T> {
	const before = turns.get(list) ?? Promise.resolve();
	const mine = before.then(task, task);
	const settled = mine.then(
		() => undefined,
		() => undefined,
	);
	turns.set(list, settled);
	try {
		return await mine;
	} finally {
		if (turns.get(list) === settled) turns.delete(list);
	}
}

/** How many record lists have calls waiting; lets tests check that nothing is held after a run. */
export function recordQueuesInUse(): number {
	return turns.size;
}
