import type { RequestFailure } from './failure';
import { meaningOf } from './failureMeaning';
import type { RequestSafety } from './failureMeaning';

export interface RetrySettings {
	/** How many times a safe request is repeated after its first attempt. */
	maxRetries: number;
	/** First backoff wait; doubled on every attempt. */
	baseDelayMs: number;
	/** Longest wait the node accepts, whether from backoff or from `Retry-After`. */
	maxDelayMs: number;
}

export const DEFAULT_RETRY_SETTINGS: RetrySettings = {
	maxRetries: 3,
	baseDelayMs: 500,
	maxDelayMs: 30_000,
};

/**
 * The wait before the next attempt, or `undefined` when the request must not be repeated.
 * `attempt` counts the attempts made so far (1 after the first).
 */
export function nextRetryDelay(
	safety: RequestSafety,
	failure: RequestFailure,
	attempt: number,
	settings: RetrySettings,
): number | undefined {
	// Whether it may be sent again at all (never a `once` request) is the failure table's.
	if (attempt > settings.maxRetries || !meaningOf(failure, { safety }).retried) return undefined;
	const backoff = Math.min(settings.baseDelayMs * 2 ** (attempt - 1), settings.maxDelayMs);
	const asked = failure.kind === 'http' ? failure.retryAfterMs : undefined;
	if (asked === undefined) return backoff;
	// The service asked for a longer pause than the node will hold an execution for: give up now.
	if (asked > settings.maxDelayMs) return undefined;
	return Math.max(asked, 0);
}
