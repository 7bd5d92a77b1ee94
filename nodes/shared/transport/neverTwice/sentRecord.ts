/**
 * The durable side of "never twice": a money-moving request's reference is written to n8n's own
 * database (the execute context's deduplication helpers, one record list per node) before the
 * request leaves, and a "sent" mark after the service accepted it. A later execution — n8n's Retry
 * of a failed one, a re-run, another worker — finds the reference and does not send again.
 *
 * n8n's helpers read the node's whole list, then write it back, with no lock: in one process this
 * node takes its turns one at a time; across processes (queue mode's workers) a write can drop
 * another's record, or two claims of one reference can both find it new. So a claim records an
 * owner key of its own with the reference, waits CLAIM_CHECK_DELAY_MS (longer than any other
 * writer's read-to-write), then reads its record back: only the claim whose owner key survived
 * sends. Below: when each reference was claimed (claimTimeRecord), and the record lists every
 * write goes through (recordList: a run's writes made together, in turns within this process).
 */
import { randomUUID } from 'crypto';
import { sleep } from 'n8n-workflow';
import type { IExecuteFunctions, INode } from 'n8n-workflow';

/** References kept per node: n8n drops the oldest beyond this (a payment keeps three entries). */
export const MAX_RECORDED_ENTRIES = 10_000;

/**
 * How long a claim waits before reading its record back. It must exceed the time another process
 * takes between reading the node's list and writing it back (docs/QUEUE-MODE.md, measured), and
 * twice the clock tolerance of terms/serviceCheck.ts, so that the service dates a transfer sent
 * after it later than any made before the claim.
 */
export const CLAIM_CHECK_DELAY_MS = 500;

/** A claim whose record keeps being dropped by other writers gives up, not send unverified. */
const CLAIM_CHECKS = 3;

/** What an earlier execution left for a reference. */
export type EarlierSend =
	/** Nothing: this send is the first, and is now recorded as this claim's. */
	| 'none'
	/** Sent, and the service accepted it. */
	| 'sent'
	/** Recorded before sending, but no answer was recorded: it may or may not have gone out. */
	| 'unknown'
	/** Claimed at the same instant by another execution, which sends it: this one does not. */
	| 'claimed_elsewhere';

export interface SentRecord {
	/** Records the reference unless it is recorded already; says what an earlier send left. */
	claim(): Promise<EarlierSend>;
	/**
	 * When this reference was first claimed (ms), for an earlier execution's claim; undefined if not
	 * known.
	 */
	claimedAt(): Promise<number | undefined>;
	/**
	 * After the service accepted: a later execution will say "already sent" rather than "unknown".
	 */
	markSent(): Promise<void>;
	/** After the service refused or nothing left: the reference may be sent again. */
	release(): Promise<void>;
}

export function sentRecordFor(
	context: { helpers: DeduplicationHelpers; getWorkflow(): { id?: string } },
	node: INode,
	reference: string,
	checkDelayMs = CLAIM_CHECK_DELAY_MS,
): SentRecord {
	const entries = entriesOf(context, node, reference);
	const { list, claimKey, sentKey, ownerKey, times } = entries;
	return {
		claim: async () => await claim(entries, checkDelayMs),
		claimedAt: async () => await times.find().catch(() => undefined),
		markSent: async () => {
			await list.recordNew([sentKey]);
		},
		release: async () => {
			await list.remove([claimKey, sentKey, ownerKey]);
			await times.forget().catch(() => undefined);
		},
	};
}

/** One reference's entries in the node's record list. */
interface ReferenceEntries {
	/** The node's list, its writes made together with the other items' (recordList, below). */
	list: RecordList;
	claimKey: string;
	sentKey: string;
	/** This claim's own key: only the claim whose owner key survives sends. */
	ownerKey: string;
	times: ClaimTimeRecord;
}

function entriesOf(
	context: { helpers: DeduplicationHelpers; getWorkflow(): { id?: string } },
	node: INode,
	reference: string,
): ReferenceEntries {
	return {
		list: recordList(context.helpers, nodeListName(context, node), 'node', MAX_RECORDED_ENTRIES),
		claimKey: `pay-reference:${reference}`,
		sentKey: `pay-reference-sent:${reference}`,
		ownerKey: `pay-reference-owner:${reference}:${randomUUID()}`,
		times: claimTimeRecord(context, reference),
	};
}

/** The node's record list, as its turns know it (one row of n8n's database per node). */
export const nodeListName = (context: { getWorkflow(): { id?: string } }, node: INode) =>
	`${context.getWorkflow().id ?? ''}\u0000${node.id ?? node.name}`;

/**
 * Records the reference with this claim's owner key, then checks that no other claim took it.
 * Claims that arrive together (a run's first items) share their writes.
 */
async function claim(entries: ReferenceEntries, checkDelayMs: number): Promise<EarlierSend> {
	const { list, claimKey, ownerKey } = entries;
	const claimedAt = Date.now();
	const recorded = await onceMore(async () => await list.recordNew([claimKey, ownerKey]));
	if (!recorded.has(claimKey)) {
		if (recorded.has(ownerKey)) await list.remove([ownerKey]);
		return (await list.recorded([entries.sentKey])).size > 0 ? 'sent' : 'unknown';
	}
	// Kept in the workflow's list, another row: written while the claim waits.
	const timeKept = entries.times.record(claimedAt).catch(() => undefined);
	const outcome = await claimThatSurvived(entries, checkDelayMs);
	await timeKept;
	return outcome;
}

/**
 * Reads the claim back after each delay: kept, or taken by another claim. A claim another write
 * dropped is recorded again by the reading; after CLAIM_CHECKS readings it gives up.
 */
async function claimThatSurvived(
	entries: ReferenceEntries,
	checkDelayMs: number,
): Promise<EarlierSend> {
	const { list, claimKey, ownerKey } = entries;
	for (let check = 1; check <= CLAIM_CHECKS; check++) {
		await sleep(checkDelayMs);
		// Asking records what is missing: both missing means another write dropped this claim.
		const missing = await list.recordNew([claimKey, ownerKey]);
		if (missing.size === 0) return 'none';
		if (!missing.has(claimKey)) {
			// The reference is recorded, with another claim's owner key: that one sends.
			await list.remove([ownerKey]);
			return 'claimed_elsewhere';
		}
	}
	await list.remove([claimKey, ownerKey]);
	throw new Error(
		`the record of the reference kept being overwritten by other writers (${CLAIM_CHECKS} checks)`,
	);
}

/**
 * A node's first record makes n8n insert its row: two workers doing so at the same instant, the
 * database refuses the second. Asked again, the row is there and is updated; a failed write
 * recorded nothing, so asking again cannot hide an earlier send.
 */
async function onceMore<T>(ask: () => Promise<T>): Promise<T> {
	return await ask().catch(async () => {
		await sleep(RETRY_AFTER_MS);
		return await ask();
	});
}

const RETRY_AFTER_MS = 100;

/*
 * When a reference was claimed, kept in n8n's database so that a later execution (a Retry, another
 * worker, after a restart) can tell a transfer the service lists for it from an older identical
 * one. n8n's deduplication store only answers "is this exact key recorded?", so the time is kept as
 * three keys — its day, its minute of that day, its tenth of a second in that minute — and found
 * again by asking for every candidate of each in turn (31 days, 1,440 minutes, 600 tenths).
 *
 * They live in the workflow's list, not the node's: finding them records candidates and takes them
 * back, and that must never touch (or push out) the records that stop a second send.
 */

/** The workflow list's entries: claim times (three each), the facts of sends (sentFacts.ts). */
export const WORKFLOW_ENTRIES_KEPT = 3_000;
/** How far back a claim time is looked for. */
const DAYS_LOOKED_BACK = 31;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const TENTH_MS = 100;

type Helpers = Pick<IExecuteFunctions['helpers'], 'checkProcessedAndRecord' | 'removeProcessed'>;

export interface ClaimTimeRecord {
	record(claimedAt: number): Promise<void>;
	/** The latest moment the claim can have been made (rounded up to the tenth), or undefined. */
	find(now?: number): Promise<number | undefined>;
	/** Takes back what `record` wrote (a released reference). */
	forget(): Promise<void>;
}

export function claimTimeRecord(
	context: { helpers: Helpers; getWorkflow(): { id?: string } },
	reference: string,
): ClaimTimeRecord {
	const { helpers } = context;
	const list = `${context.getWorkflow().id ?? ''}\u0000workflow`;
	// Writes of many claims' times go together; finding one asks on its own, in the same turns.
	const writes = recordList(helpers, list, 'workflow', WORKFLOW_ENTRIES_KEPT);
	const dayKey = (day: number) => `pay-claimed-day:${reference}:${day}`;
	const minuteKey = (minute: number) => `pay-claimed-minute:${reference}:${minute}`;
	const tenthKey = (tenth: number) => `pay-claimed-tenth:${reference}:${tenth}`;
	let written: string[] = [];

	/** Which of the candidates are recorded; the others, recorded by asking, are taken back. */
	const recordedAmong = async (candidates: number[], key: (value: number) => string) =>
		await inTurn(list, async () => {
			const keys = candidates.map(key);
			const options = { mode: 'entries', maxEntries: WORKFLOW_ENTRIES_KEPT + keys.length } as const;
			const fresh = new Set(
				(await helpers.checkProcessedAndRecord(keys, 'workflow', options)).new.map(String),
			);
			if (fresh.size > 0) await helpers.removeProcessed([...fresh], 'workflow', options);
			return candidates.filter((_, index) => !fresh.has(keys[index]));
		});

	return {
		async record(claimedAt) {
			const day = Math.floor(claimedAt / DAY_MS);
			const minute = Math.floor((claimedAt - day * DAY_MS) / MINUTE_MS);
			const tenth = Math.floor((claimedAt % MINUTE_MS) / TENTH_MS);
			written = [dayKey(day), minuteKey(minute), tenthKey(tenth)];
			await writes.recordNew(written);
		},
		async find(now = Date.now()) {
			const today = Math.floor(now / DAY_MS);
			const days = await recordedAmong(range(today - DAYS_LOOKED_BACK + 1, today), dayKey);
			if (days.length === 0) return undefined;
			const minutes = await recordedAmong(range(0, DAY_MS / MINUTE_MS - 1), minuteKey);
			const tenths = await recordedAmong(range(0, MINUTE_MS / TENTH_MS - 1), tenthKey);
			if (minutes.length === 0 || tenths.length === 0) return undefined;
			// A reference claimed more than once (released in between) counts from its latest claim.
			const latest = (values: number[]) => Math.max(...values);
			return latest(days) * DAY_MS + latest(minutes) * MINUTE_MS + (latest(tenths) + 1) * TENTH_MS;
		},
		async forget() {
			if (written.length > 0) await writes.remove(written);
		},
	};
}

function range(from: number, to: number): number[] {
	return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/*
 * A record list in n8n's deduplication store (a node's list, or the workflow's), its writes made
 * together: every call that arrives while an earlier write of the list is under way joins the next
 * one. n8n reads and writes a list whole (one database row), so the claims of a thousand payouts
 * cost one write rather than a thousand, and in one process the writes still take their turns
 * (inTurn, below) as each one's result depends on the one before.
 */

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
