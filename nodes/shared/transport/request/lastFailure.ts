/**
 * What a request's last failure becomes, as the failure table says (failureMeaning.ts): "already
 * sent", "sent" when the service shows a lost answer went through (both returned: no failure),
 * otherwise an error in the service's words. Each is recorded for Retry On Fail, and the
 * Reference's record is released, kept or marked sent.
 */
import type { INode } from 'n8n-workflow';

import { describeFailure, toNodeApiError } from '../meaning/apiError';
import type { PayErrorFacts } from '../meaning/apiError';
import type { Finding } from '../terms/serviceCheck';
import { recordFailure, recordSentEarlier } from '../neverTwice/ledger';
import { quietly } from '../neverTwice/referenceClaim';
import type { LedgerPlace } from '../neverTwice/ledger';
import type { Connection } from '../wire/connection';
import { alreadySent, sentAsServiceShows } from '../meaning/earlierSend';
import type { RequestFailure } from '../wire/failure';
import { meaningOf, outcomeAfter } from '../meaning/failureMeaning';
import { OUTCOMES } from '../terms/outcomes';
import type { ItemOutcome, SentBefore } from '../terms/outcomes';
import type { PayRequest, TransportSettings } from '../terms/requestTypes';
import type { SentRecord } from '../neverTwice/sentRecord';

/** One request on its way, as payApiRequest set it up. */
export interface RequestCall {
	node: INode;
	request: PayRequest;
	settings: TransportSettings;
	connection: Connection;
	masked: <T>(value: T) => T;
	place: LedgerPlace | undefined;
	/** Asks the service what became of the request (askBeforeUnknown.ts). */
	ask(claimedAt: number | undefined): Promise<Finding | undefined>;
}

/** The failure the retry policy gave up on. */
export interface LastFailure {
	failure: RequestFailure;
	attempts: number;
	earlierAttemptLost: boolean;
}

export async function resolveFailure(
	call: RequestCall,
	last: LastFailure,
	record: SentRecord | undefined,
	claimedAt: number,
): Promise<{ error: Error } | { sentBefore: SentBefore }> {
	const { node, request, place } = call;
	const context = { safety: request.safety, earlierAttemptLost: last.earlierAttemptLost };
	const facts = describeFailure(last.failure, {
		...context,
		action: request.action,
		creates: request.creates,
		howToCheck: request.howToCheck,
		attempts: last.attempts,
		timeoutMs: call.settings.timeoutMs,
	});
	const meaning = meaningOf(last.failure, context);
	const referenceRecorded = record !== undefined;
	// Before an item is called unknown, the service is asked what became of it.
	const finding =
		outcomeAfter(meaning, { referenceRecorded }) === 'unknown' && record
			? await call.ask(claimedAt)
			: undefined;
	const outcome = outcomeAfter(meaning, { referenceRecorded, serviceShowsIt: finding?.shown });
	// An earlier send, or this one shown by the service: no failure, an ordinary output item.
	if (OUTCOMES[outcome].item === 'output') {
		await settleRecord(record, outcome);
		const reference = request.reference ?? '';
		const sentBefore = finding?.shown
			? sentAsServiceShows(request.action, reference, call.masked(finding))
			: alreadySent(request.action, reference);
		recordSentEarlier(place, request, sentBefore);
		return { sentBefore };
	}
	if (finding && !finding.shown)
		facts.description = `${facts.description ?? ''} Asked the service: ${finding.why}.`.trim();
	const error = toNodeApiError(node, redactFacts(facts, call.masked), request.itemIndex);
	recordFailure(place, request, facts.outcome, error);
	await settleRecord(record, facts.outcome);
	return { error };
}

/** The Reference's record as the failure table says: released, kept, or marked sent. */
async function settleRecord(record: SentRecord | undefined, outcome: ItemOutcome): Promise<void> {
	const { reference } = OUTCOMES[outcome];
	if (reference === 'released') await quietly(record?.release());
	if (reference === 'marked_sent') await quietly(record?.markSent());
}

function redactFacts(facts: PayErrorFacts, masked: <T>(value: T) => T): PayErrorFacts {
	const { message, description, detail, code } = facts;
	return { ...facts, ...masked({ message, description, detail, code }) };
}

/** A `once` request met in the ledger under way or lost: not sent again, it could pay twice. */
export function lostError(node: INode, request: PayRequest, settings: TransportSettings) {
	const facts = describeFailure(
		{
			kind: 'other',
			message: 'An earlier attempt in this execution is still under way or lost its answer',
		},
		{
			safety: request.safety,
			action: request.action,
			howToCheck: request.howToCheck,
			attempts: 1,
			timeoutMs: settings.timeoutMs,
		},
	);
	return toNodeApiError(node, facts, request.itemIndex);
}
