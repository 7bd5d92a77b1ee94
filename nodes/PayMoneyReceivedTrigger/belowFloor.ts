/**
 * Transfers listed below the floor (older than the MAX_REMEMBERED newest remembered): one of them
 * is either a transfer seen long ago and forgotten, or one the service lists late. What a list read
 * whole shows there is kept, a short mark for each (or, past MAX_MARKS, only how many), so that the
 * next poll's log names the ones listed there since. It starts nothing for them: one forgotten and
 * one listed late cannot be told apart for certain (marks are short and may collide; the count only
 * says how many).
 */
import type { IPollFunctions } from 'n8n-workflow';

import { describeTransfer } from './pollNotes';
import type { Listed, SeenTransfers } from './seenTransfers';
import type { ListedTransfer } from './transferList';

const MAX_MARKS = 2000;

/** Names, in n8n's log, the transfers listed below the floor since the last list read whole. */
export function noteBelowFloor(
	context: IPollFunctions,
	book: SeenTransfers,
	listed: Array<Listed<ListedTransfer>>,
): void {
	const kept = book.belowFloor;
	if (kept === undefined || kept.floor !== book.floorTime) return;
	const below = listed.filter((transfer) => transfer.time < kept.floor);
	const since = kept.marks === undefined ? undefined : unmarked(below, kept.marks);
	const count = since?.length ?? below.length - kept.count;
	if (count <= 0) return;
	// Without marks, which ones are new is not known: the newest listed there are named.
	const named = (since ?? [...below].sort((a, b) => b.time - a.time))
		.slice(0, 10)
		.map((transfer) => describeTransfer(transfer.entry));
	context.logger.warn(
		`Pay Money Received Trigger: ${count} transfer(s) listed since the last poll, dated before ${new Date(kept.floor).toISOString()}, older than the ${book.size} transfers it remembers: started nothing (they cannot be told for certain from transfers started before). ${since ? 'They are' : 'Listed there, newest first'}: ${named.join('; ')}`,
	);
}

/** Keeps what a list read whole shows below the floor, for the next poll to compare. */
export function keepBelowFloor(book: SeenTransfers, listed: Array<Listed<unknown>>): void {
	const floor = book.floorTime;
	if (floor === undefined) return;
	const below = listed.filter((item) => item.time < floor);
	book.keepBelowFloor({
		count: below.length,
		marks: below.length > MAX_MARKS ? undefined : below.map((item) => mark(item.key)).sort(),
	});
}

/** The entries beyond as many of each mark as were kept. */
function unmarked<T>(below: Array<Listed<T>>, marks: string[]): Array<Listed<T>> {
	const left = new Map<string, number>();
	for (const kept of marks) left.set(kept, (left.get(kept) ?? 0) + 1);
	return below.filter((item) => {
		const count = left.get(mark(item.key)) ?? 0;
		left.set(mark(item.key), count - 1);
		return count <= 0;
	});
}

/** A transfer's key in 32 bits (FNV-1a), base 36: short enough to keep thousands. */
function mark(key: string): string {
	let hash = 0x811c9dc5;
	for (let index = 0; index < key.length; index++) {
		hash ^= key.charCodeAt(index);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash.toString(36);
}
