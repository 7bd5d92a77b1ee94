/**
 * What a request's last failure becomes: "already sent" when the service holds its idempotency key
 * from another execution, "sent" when the service shows a lost answer went through, otherwise an
 * error in the service's words. Each is recorded for Retry On Fail, and the reference is let go
 * only when the service cannot have acted.
 */
import type { INode } from 'n8n-workflow';

import { isDoubleIdempotencyKey } from '../service/doubleIdempotencyKey';
import { describeFailure, toNodeApiError } from './apiError';
import type { Finding } from './askTheService';
import { recordFailure } from './atMostOnce';
import type { LedgerPlace } from './atMostOnce';
import { quietly } from './atMostOnce';
import type { Connection } from './connection';
import { AlreadySentError, SentAsServiceShowsError } from './earlierSend';
import type { RequestFailure } from './failure';
import { mayHaveActed } from './failureOutcome';
import type { PayErrorFacts } from './failureFacts';
import type { PayRequest, TransportSettings } from './requestTypes';
import type { SentRecord } from './sentRecord';

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
): Promise<Error> {
	const { node, request, place } = call;
	const facts = describeFailure(last.failure, {
		safety: request.safety,
		action: request.action,
		howToCheck: request.howToCheck,
		attempts: last.attempts,
		timeoutMs: call.settings.timeoutMs,
		earlierAttemptLost: last.earlierAttemptLost,
	});
	// The key came from the reference: the service has it from another execution or worker.
	const sentElsewhere = record !== undefined && isDoubleIdempotencyKey(facts.detail);
	const finding =
		!sentElsewhere && facts.outcome === 'unknown' && record ? await call.ask(claimedAt) : undefined;
	if (sentElsewhere || finding?.shown) {
		await quietly(record?.markSent());
		const reference = request.reference ?? '';
		const sent = finding?.shown
			? new SentAsServiceShowsError(
					node,
					request.itemIndex,
					request.action,
					reference,
					call.masked(finding),
				)
			: new AlreadySentError(node, request.itemIndex, request.action, reference);
		// Retry On Fail running the node again meets the same answer, not "still under way".
		recordFailure(place, request, 'refused', sent);
		return sent;
	}
	if (finding)
		facts.description = `${facts.description ?? ''} Asked the service: ${finding.why}.`.trim();
	const error = toNodeApiError(node, redactFacts(facts, call.masked), request.itemIndex);
	recordFailure(place, request, facts.outcome, error);
	if (!mayHaveActed(facts.outcome)) await quietly(record?.release());
	return error;
}

function redactFacts(facts: PayErrorFacts, masked: <T>(value: T) => T): PayErrorFacts {
	const { message, description, detail } = facts;
	return { ...facts, ...masked({ message, description, detail }) };
}
