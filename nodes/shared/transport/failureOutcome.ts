/**
 * What became of a failed request or item, read one way everywhere: the failed item's `outcome`,
 * whether an AI agent's call gives its place back, whether a reference stays claimed, what n8n's
 * Retry On Fail meets. Those who raise an error give it its outcome (errorFacts.ts); this reads it.
 */
import { readErrorFacts } from '../errorFacts';
import { isAlreadySent } from './earlierSend';
import type { FailureOutcome } from './safety';

/**
 * A failure's outcome, or one of the two an earlier send gives: `already_sent` (an earlier
 * execution sent it) and `sent` (this one did, and the service showed it after its answer was
 * lost).
 */
export type ItemOutcome = FailureOutcome | 'already_sent' | 'sent';

export function outcomeOf(error: unknown): ItemOutcome {
	if (isAlreadySent(error)) return error.outcome;
	// An error nobody gave an outcome was raised before anything was sent: the item pipeline turns
	// one raised after a money-moving request into `unknown` (execution/afterMoneyMoved.ts).
	return readErrorFacts(error).outcome ?? 'not_sent';
}

/** This call moved nothing: the service refused it, it never left, or an earlier send stands. */
export function movedNothing(outcome: ItemOutcome): boolean {
	return outcome === 'refused' || outcome === 'not_sent' || outcome === 'already_sent';
}

/** The service may have acted on it: its reference stays claimed and it is not sent again. */
export function mayHaveActed(outcome: ItemOutcome): boolean {
	return outcome === 'unknown' || outcome === 'sent';
}
