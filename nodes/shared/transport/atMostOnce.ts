/**
 * The at-most-once ledger as the transport uses it: before sending, a request already done in this
 * execution hands back its answer, and a money-moving one under way or lost is not sent again;
 * after, what happened is written down for n8n's Retry On Fail to find.
 */
import { forgetLedger, readLedger, writeLedger } from './onceLedger';
import type { PayRequest } from './requestTypes';
import { mayHaveActed } from './failureMeaning';
import type { FailureOutcome } from './failureMeaning';

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
 * What the ledger holds for the request before it is sent: the recorded answer, or whether an
 * earlier attempt was lost. A `once` request under way or lost earlier is refused with `lostError`
 * (or the recorded error): sending again could pay twice.
 */
export function recall(
	place: LedgerPlace | undefined,
	request: PayRequest,
	lostError: () => Error,
): { done: true; answer: unknown } | { done: false; earlierAttemptLost: boolean } {
	if (!place) return { done: false, earlierAttemptLost: false };
	const entry = readLedger(place.scope, place.request);
	if (entry?.state === 'done') return { done: true, answer: entry.answer };
	if (entry && request.safety === 'once') {
		throw entry.state === 'unknown' || entry.state === 'failed' ? entry.error : lostError();
	}
	return { done: false, earlierAttemptLost: entry !== undefined };
}

export function recordSending(place: LedgerPlace | undefined): void {
	if (place) writeLedger(place.scope, place.request, { state: 'in_flight' });
}

export function recordAnswer(place: LedgerPlace | undefined, answer: unknown): void {
	if (place) writeLedger(place.scope, place.request, { state: 'done', answer });
}

/** After the last attempt failed: what Retry On Fail will meet when it runs the item again. */
export function recordFailure(
	place: LedgerPlace | undefined,
	request: PayRequest,
	outcome: FailureOutcome,
	error: Error,
): void {
	if (!place) return;
	if (mayHaveActed(outcome)) {
		writeLedger(place.scope, place.request, { state: 'unknown', error });
	} else if (request.safety === 'once' && outcome !== 'not_sent') {
		// It reached the service (even a 429 did): once per item per execution, so not again.
		writeLedger(place.scope, place.request, { state: 'failed', error });
	} else {
		forgetLedger(place.scope, place.request);
	}
}
