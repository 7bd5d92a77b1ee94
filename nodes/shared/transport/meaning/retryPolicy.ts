import type { RequestFailure } from '../wire/failure';
import { meaningOf } from './failureMeaning';
import type { RequestSafety, RetrySettings } from '../terms/requestTypes';

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
