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
 * sends.
 */
import { randomUUID } from 'crypto';
import { sleep } from 'n8n-workflow';
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { inTurn, recordList } from './recordList';
import type { DeduplicationHelpers, RecordList } from './recordList';

export { recordQueuesInUse } from './recordList';

/**
 * References kept per node: n8n drops the oldest beyond this (each payment keeps three entries).
 */
export const MAX_RECORDED_ENTRIES = 10_000;

/**
 * How long a claim waits before reading its record back. It must exceed the time another process
 * takes between reading the node's list and writing it back (README, "Queue mode", measured), and
 * twice the clock tolerance of askTheService.ts, so that the service dates a transfer sent after
 * it later than any made before the claim.
 */
export const CLAIM_CHECK_DELAY_MS = 500;

/**
 * A claim whose record keeps being dropped by other writers gives up rather than send unverified.
 */
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

export type { DeduplicationHelpers };

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
	/** The node's list, its writes made together with the other items' (recordList.ts). */
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
	const name = `${context.getWorkflow().id ?? ''}\u0000${node.id ?? node.name}`;
	return {
		list: recordList(context.helpers, name, 'node', MAX_RECORDED_ENTRIES),
		claimKey: `pay-reference:${reference}`,
		sentKey: `pay-reference-sent:${reference}`,
		ownerKey: `pay-reference-owner:${reference}:${randomUUID()}`,
		times: claimTimeRecord(context, reference),
	};
}

/**
 * Records the reference with this claim's owner key, then checks that no other claim took it. The
 * claims of one run's items arrive together, so they share their writes and their wait.
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

/** Claim times kept (three entries each); an older claim's time is forgotten, and stays unknown. */
const ENTRIES_KEPT = 3_000;
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
	const writes = recordList(helpers, list, 'workflow', ENTRIES_KEPT);
	const dayKey = (day: number) => `pay-claimed-day:${reference}:${day}`;
	const minuteKey = (minute: number) => `pay-claimed-minute:${reference}:${minute}`;
	const tenthKey = (tenth: number) => `pay-claimed-tenth:${reference}:${tenth}`;
	let written: string[] = [];

	/** Which of the candidates are recorded; the others, recorded by asking, are taken back. */
	const recordedAmong = async (candidates: number[], key: (value: number) => string) =>
		await inTurn(list, async () => {
			const keys = candidates.map(key);
			const options = { mode: 'entries', maxEntries: ENTRIES_KEPT + keys.length } as const;
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
