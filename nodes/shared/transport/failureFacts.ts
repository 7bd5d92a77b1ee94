import type { FailureOutcome, RequestSafety } from './safety';

/** What the error message needs to know about the request that failed. */
export interface FailedRequestContext {
	safety: RequestSafety;
	/** What the request does, in words for the message: "the transfer", "the withdrawal". */
	action: string;
	/** How the user can find out whether a request with an unknown outcome went through. */
	howToCheck?: string;
	attempts: number;
	timeoutMs: number;
	/** Set when an earlier attempt of this call lost its answer (used by `idempotent` requests). */
	earlierAttemptLost?: boolean;
}

export interface PayErrorFacts {
	message: string;
	description?: string;
	httpCode?: string;
	outcome: FailureOutcome;
	detail?: string;
	/** The service's code (`PAY_IS_PAYED`, `NOT_FOUND` …) when it answered one. */
	code?: string;
}

/**
 * The facts of a write whose answer was lost: it may have been carried out, so it must not simply
 * be sent again.
 */
export function lostAnswer(
	context: FailedRequestContext,
	cause: string,
	httpCode?: string,
): PayErrorFacts {
	return {
		message: `Outcome unknown: ${context.action} may have been carried out. ${cause}`,
		description: `Do not simply run it again. ${context.howToCheck ?? 'Check in the service before retrying.'}`,
		httpCode,
		outcome: 'unknown',
	};
}
