/**
 * Asking the service about a transfer whose answer was lost (the transport's ServiceCheck): its
 * list of transfers (`GET /send/`). A transfer counts when it goes to the same recipient, for the
 * same amount, dated after the reference was claimed by more than CLOCK_TOLERANCE_MS, and it is
 * the only such transfer.
 */
import type { IDataObject } from 'n8n-workflow';

import { sameColombianMobile } from '../../../shared/service/colombianMobile';
import { toNumber } from '../../../shared/service/normalize';
import { CLOCK_TOLERANCE_MS } from '../../../shared/transport';
import type { Finding, ServiceRead } from '../../../shared/transport';

/**
 * The check an operation gives with its request, as `{ ask: (read, claimedAt) => transferListShows(
 * read, claimedAt, { recipient, amount }) }`: written out where the request is made, so that this
 * file is read only when an answer is lost.
 */
export async function transferListShows(
	read: ServiceRead,
	claimedAt: number | undefined,
	check: { recipient: string; amount: number },
): Promise<Finding> {
	const resolvedBy = 'GET /send/';
	if (claimedAt === undefined)
		return { shown: false, why: 'when its reference was recorded is no longer known' };
	const entries = await read.list('/send/');
	const after = claimedAt + CLOCK_TOLERANCE_MS;
	const candidates = entries.filter(
		(entry): entry is IDataObject =>
			isRecord(entry) &&
			sameRecipient(entry.to_user, check.recipient) &&
			toNumber(entry.amount) === check.amount &&
			dateOf(entry) >= after,
	);
	const when = new Date(claimedAt).toISOString();
	if (candidates.length === 0)
		return { shown: false, why: `${resolvedBy} lists no such transfer made after ${when}` };
	if (candidates.length > 1)
		return {
			shown: false,
			why: `${resolvedBy} lists ${candidates.length} such transfers made after ${when}: which one is this item's cannot be told`,
		};
	const [found] = candidates;
	const record: IDataObject = { ...found, amount: toNumber(found.amount) ?? found.amount };
	record.date = new Date(dateOf(found)).toISOString();
	return { shown: true, resolvedBy, field: 'transfer', record };
}

/**
 * The same recipient as sent: the same text, or the same Colombian mobile number written another
 * way. Never more: another person's transfer must not be taken for this one.
 */
export function sameRecipient(listed: unknown, sent: string): boolean {
	if (typeof listed !== 'string' && typeof listed !== 'number') return false;
	const text = String(listed).trim();
	return text === sent.trim() || sameColombianMobile(text, sent);
}

/** The transfer's date in ms; an undated or unreadable one never counts (-Infinity). */
function dateOf(entry: IDataObject): number {
	const time = typeof entry.date === 'string' ? Date.parse(entry.date) : NaN;
	return Number.isNaN(time) ? -Infinity : time;
}

function isRecord(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
