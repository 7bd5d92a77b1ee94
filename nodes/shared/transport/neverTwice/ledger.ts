/**
 * Never twice within one execution: an in-memory ledger (a request already done hands back its
 * answer, one under way or lost is not sent again, and what happened is written down for n8n's
 * Retry On Fail to find). Across executions, the request's Reference is claimed in n8n's database
 * before anything leaves (referenceClaim.ts).
 */
import { mayHaveActed } from '../terms/outcomes';
import type { FailureOutcome, SentBefore } from '../terms/outcomes';
import type { PayRequest } from '../terms/requestTypes';

/** Where one request is remembered: its node run's scope and its own key. */
export interface LedgerPlace {
	scope: string;
	request: string;
}

/**
 * Ledger places exist only for a request that may change something, tied to an item of a node run
 * that has a ledger scope.
 */
export function ledgerPlaceOf(request: PayRequest): LedgerPlace | undefined {
	if (
		request.safety === 'read' ||
		request.itemIndex === undefined ||
		request.ledgerScope === undefined
	)
		return undefined;
	return {
		scope: request.ledgerScope,
		request: `${request.itemIndex}:${request.method} ${request.path}`,
	};
}

/**
 * What the ledger holds for the request before it is sent: the recorded answer, the earlier send it
 * met, or whether an earlier attempt was lost. A `once` request under way or lost earlier is
 * refused with `lostError` (or the recorded error): sending again could pay twice.
 */
export function recall(
	place: LedgerPlace | undefined,
	request: PayRequest,
	lostError: () => Error,
): { answer: unknown } | { sentBefore: SentBefore } | { earlierAttemptLost: boolean } {
	if (!place) return { earlierAttemptLost: false };
	const entry = readLedger(place.scope, place.request);
	if (entry?.state === 'done') return { answer: entry.answer };
	if (entry?.state === 'sent_before') return { sentBefore: entry.sent };
	if (entry && request.safety === 'once') {
		throw entry.state === 'ended' ? entry.error : lostError();
	}
	return { earlierAttemptLost: entry !== undefined };
}

export function recordSending(place: LedgerPlace | undefined): void {
	if (place) writeLedger(place.scope, place.request, { state: 'in_flight' });
}

export function recordAnswer(place: LedgerPlace | undefined, answer: unknown): void {
	if (place) writeLedger(place.scope, place.request, { state: 'done', answer });
}

/**
 * Sent after all, by an earlier execution or (the service shows it) by this one: Retry On Fail
 * running the node again meets the same item, not "still under way". A request that may be
 * repeated is simply sent again, and meets the same answer.
 */
export function recordSentEarlier(
	place: LedgerPlace | undefined,
	request: PayRequest,
	sent: SentBefore,
): void {
	if (!place) return;
	if (request.safety === 'once')
		writeLedger(place.scope, place.request, { state: 'sent_before', sent });
	else forgetLedger(place.scope, place.request);
}

/** After the last attempt failed: what Retry On Fail will meet when it runs the item again. */
export function recordFailure(
	place: LedgerPlace | undefined,
	request: PayRequest,
	outcome: FailureOutcome,
	error: Error,
): void {
	if (!place) return;
	// A failure that reached the service (even a 429 did) is a `once` request's end in this
	// execution: once per item, so not again; one that may have acted is every request's.
	if (mayHaveActed(outcome) || (request.safety === 'once' && outcome !== 'not_sent'))
		writeLedger(place.scope, place.request, ended(outcome, error));
	else forgetLedger(place.scope, place.request);
}

const ended = (outcome: FailureOutcome, error: Error): LedgerEntry => ({
	state: 'ended',
	outcome,
	error,
});

/*
 * The ledger remembers, within one execution, which items already sent a request that must not be
 * repeated. n8n's "Retry On Fail" runs the whole node again when it throws: without this ledger,
 * items that had already paid or withdrawn before a later item failed would pay again. On a
 * repeat the ledger hands back the recorded answer (or the recorded "outcome unknown" error)
 * instead of sending.
 *
 * It lives in process memory because retries of one execution run in the same process. A ledger
 * covers one run of one node in one execution (its scope). It is released as soon as that run ends
 * with every item done, since n8n repeats a run only after a failure; otherwise only the most
 * recent scopes are kept, so a busy instance does not hold every answer it ever received.
 */

/** What the ledger holds for one request. */
export type LedgerEntry =
	| { state: 'in_flight' }
	| { state: 'done'; answer: unknown }
	/** Sent before (`already_sent`, `sent`): Retry On Fail meets the same item, never a resend. */
	| { state: 'sent_before'; sent: SentBefore }
	/**
	 * Failed, in the item's outcome: `unknown` (it may have acted) or a money-moving request the
	 * service refused. Repeated as that same error, never re-sent.
	 */
	| { state: 'ended'; outcome: FailureOutcome; error: Error };

const MAX_SCOPES = 200;

const ledgers = new Map<string, Map<string, LedgerEntry>>();

/** The scope a node run's requests are remembered in: what Retry On Fail runs again. */
export function ledgerScope(
	workflowId: string,
	executionId: string,
	nodeName: string,
	runIndex: number,
): string {
	return JSON.stringify([workflowId, executionId, nodeName, runIndex]);
}

function ledgerOf(scope: string): Map<string, LedgerEntry> {
	let ledger = ledgers.get(scope);
	if (ledger) {
		// Refresh its place so the oldest scope is evicted first.
		ledgers.delete(scope);
		ledgers.set(scope, ledger);
		return ledger;
	}
	ledger = new Map();
	ledgers.set(scope, ledger);
	while (ledgers.size > MAX_SCOPES) {
		const oldest = ledgers.keys().next().value as string;
		ledgers.delete(oldest);
	}
	return ledger;
}

export function readLedger(scope: string, requestKey: string): LedgerEntry | undefined {
	return ledgers.get(scope)?.get(requestKey);
}

export function writeLedger(scope: string, requestKey: string, entry: LedgerEntry): void {
	ledgerOf(scope).set(requestKey, entry);
}

/** A refused request (the service said no) may be sent again: nothing happened the first time. */
export function forgetLedger(scope: string, requestKey: string): void {
	ledgers.get(scope)?.delete(requestKey);
}

/**
 * For a run whose every item succeeded: n8n will not run it again (it repeats a run that threw or
 * whose first item is an error), so its answers need not be held any longer.
 */
export function releaseLedger(scope: string): void {
	ledgers.delete(scope);
}

/** How many requests are remembered in all; lets tests check that finished runs let go. */
export function rememberedRequestCount(): number {
	let count = 0;
	for (const ledger of ledgers.values()) count += ledger.size;
	return count;
}
