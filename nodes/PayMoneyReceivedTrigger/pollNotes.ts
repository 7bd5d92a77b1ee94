/**
 * What a poll tells n8n's log about a list that is not as expected: transfers without a date,
 * transfers listed late (dated before ones already seen), and a list that no longer holds any
 * transfer seen before (transfers listed between two polls may have gone by unseen). Below the
 * floor: belowFloor.ts.
 */
import type { IPollFunctions } from 'n8n-workflow';

import type { Fresh, Listed, SeenTransfers } from './seenTransfers';
import type { ListedTransfer } from './transferList';

const NAME = 'Pay Money Received Trigger';

/** How a transfer is named in the log: date, sender, recipient, amount. */
export function describeTransfer({ json }: ListedTransfer): string {
	return `${String(json.date)} from ${String(json.from_user)} to ${String(json.to_user)}, amount ${String(json.amount)}`;
}

export function noteUndated(context: IPollFunctions, listed: Array<Listed<ListedTransfer>>): void {
	const undated = listed.filter((transfer) => Number.isNaN(transfer.time)).length;
	if (undated > 0)
		context.logger.warn(`${NAME} skipped ${undated} listed transfer(s) without a readable date`);
}

/** Lines naming transfers listed late, at most, in one poll. */
const MAX_NAMED_LATE = 10;

/** New transfers dated before the newest seen: listed late by the service. */
export function noteListedLate(
	context: IPollFunctions,
	news: Array<Fresh<ListedTransfer>>,
	newestSeen: number,
): void {
	const late = news.filter((transfer) => transfer.time < newestSeen);
	for (const fresh of late.slice(0, MAX_NAMED_LATE))
		context.logger.warn(
			`${NAME}: a transfer listed late, dated before the newest one already seen (${new Date(newestSeen).toISOString()}), taken as new: ${describeTransfer(fresh.entry)}`,
		);
	if (late.length > MAX_NAMED_LATE)
		context.logger.warn(
			`${NAME}: ${late.length - MAX_NAMED_LATE} more transfer(s) listed late, taken as new`,
		);
}

/** A list that holds none of the transfers remembered. */
export function noteNoOverlap(
	context: IPollFunctions,
	book: SeenTransfers,
	listed: Array<Listed<ListedTransfer>>,
): void {
	if (book.size === 0 || listed.some((transfer) => book.remembers(transfer.key))) return;
	context.logger.warn(
		`${NAME}: the transfer list (${listed.length} listed) holds none of the ${book.size} transfers seen before (the newest dated ${new Date(book.newest).toISOString()}); transfers listed between the last poll and this one may be missing from it`,
	);
}
