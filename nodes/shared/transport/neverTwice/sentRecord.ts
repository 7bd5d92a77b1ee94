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
 * sends. When each reference was claimed is claimTime.ts's; every write goes through a record
 * list (recordList.ts: a run's writes made together, in turns within this process).
 */
import { randomUUID } from 'crypto';
import { sleep } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { claimTimeRecord } from './claimTime';
import type { ClaimTimeRecord } from './claimTime';
import { recordList } from './recordList';
import type { DeduplicationHelpers, RecordList } from './recordList';

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

/** What a claim found an earlier execution left for its reference. */
export type ClaimFound =
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
	claim(): Promise<ClaimFound>;
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
async function claim(entries: ReferenceEntries, checkDelayMs: number): Promise<ClaimFound> {
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
): Promise<ClaimFound> {
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
