/**
 * Before an item is reported `unknown`, the service is asked what it knows: its list of transfers
 * (`GET /send/`) or the payment object (`GET /pay_detail/{slug}`). What it shows is believed only
 * when it cannot be an older, identical payment (README, "Asking the service"):
 * - a transfer counts when it goes to the same recipient, for the same amount, dated after the
 *   reference was claimed by more than CLOCK_TOLERANCE_MS, and it is the only such transfer;
 * - a payment object counts when it is paid.
 * Anything else — the service unreadable, nothing shown, two candidates — answers "not shown".
 */
import type { IDataObject } from 'n8n-workflow';

import { sameColombianMobile } from '../service/colombianMobile';
import { normalizePaymentObject } from '../service/paymentObject';
import { PAID_STATE } from '../service/states';
import { toNumber } from '../service/normalize';

/** What the service is asked about a money-moving request. */
export type ServiceCheck =
	{ kind: 'transfer'; recipient: string; amount: number } | { kind: 'payment'; slug: string };

export type Finding =
	| { shown: true; resolvedBy: string; field: 'transfer' | 'payment'; record: IDataObject }
	| { shown: false; why: string };

/**
 * How far the service's clock may run ahead of n8n's. A claim waits CLAIM_CHECK_DELAY_MS (more than
 * twice this) before its request leaves, so its transfer is dated after the claim plus this, and
 * any transfer made before the claim is dated before it.
 */
export const CLOCK_TOLERANCE_MS = 200;

/** Safe reads of the service (retried as reads are): one answer, or every entry of a paged list. */
export interface ServiceRead {
	one(path: string): Promise<unknown>;
	list(path: string): Promise<unknown[]>;
}

export async function askTheService(
	read: ServiceRead,
	check: ServiceCheck,
	claimedAt: number | undefined,
): Promise<Finding> {
	try {
		return check.kind === 'transfer'
			? await findTransfer(read, check, claimedAt)
			: await findPaidPayment(read, check.slug);
	} catch (error) {
		return { shown: false, why: `the service could not be read (${messageOf(error)})` };
	}
}

async function findTransfer(
	read: ServiceRead,
	check: { recipient: string; amount: number },
	claimedAt: number | undefined,
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

async function findPaidPayment(read: ServiceRead, slug: string): Promise<Finding> {
	const resolvedBy = `GET /pay_detail/${slug}`;
	const payment = normalizePaymentObject(await read.one(`/pay_detail/${encodeURIComponent(slug)}`));
	if (payment.state !== PAID_STATE)
		return {
			shown: false,
			why: `${resolvedBy} shows the payment object ${payment.state_label ? `in state ${String(payment.state_label)}` : 'without a state'}, not paid`,
		};
	return { shown: true, resolvedBy, field: 'payment', record: payment };
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

function messageOf(error: unknown): string {
	return (error as Error)?.message ?? String(error);
}
