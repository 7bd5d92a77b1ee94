/**
 * When a reference was claimed, kept in n8n's database so that a later execution (a Retry, another
 * worker, after a restart) can tell a transfer the service lists for it from an older identical
 * one. n8n's deduplication store only answers "is this exact key recorded?", so the time is kept as
 * three keys — its day, its minute of that day, its tenth of a second in that minute — and found
 * again by asking for every candidate of each in turn (31 days, 1,440 minutes, 600 tenths).
 *
 * They live in the workflow's list, not the node's: finding them records candidates and takes them
 * back, and that must never touch (or push out) the records that stop a second send.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { inTurn, recordList } from './recordList';

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
