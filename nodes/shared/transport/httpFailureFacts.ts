import { capitalise } from '../text';
import type { RequestFailure } from './failure';
import { lostAnswer } from './failureFacts';
import type { FailedRequestContext, PayErrorFacts } from './failureFacts';
import { isDoubleIdempotencyKey } from '../service/doubleIdempotencyKey';

type HttpFailure = Extract<RequestFailure, { kind: 'http' }>;

/**
 * The words for an HTTP failure: a server error after a write is "outcome unknown", a repeated
 * idempotency key is told apart, the rest is the service's refusal or a failed read.
 */
export function describeHttpFailure(
	failure: HttpFailure,
	context: FailedRequestContext,
	tries: string,
): PayErrorFacts {
	const writes = context.safety !== 'read';
	const httpCode = String(failure.status);
	const said =
		failure.detail ?? (failure.bodyExcerpt ? `"${failure.bodyExcerpt}"` : 'an empty body');
	if (failure.status >= 500 && context.safety === 'once') {
		return {
			...lostAnswer(context, `The service answered HTTP ${failure.status}: ${said}.`, httpCode),
			detail: failure.detail,
		};
	}
	if (failure.status >= 500 && context.safety === 'idempotent') {
		return {
			...lostAnswer(
				context,
				`The service answered HTTP ${failure.status}${tries}: ${said}.`,
				httpCode,
			),
			detail: failure.detail,
		};
	}
	if (context.earlierAttemptLost && isDoubleIdempotencyKey(failure.detail)) {
		return {
			message: `${capitalise(context.action)} was already carried out by an earlier attempt whose answer was lost; it was not done twice.`,
			description:
				`The service refused the repeated idempotency key (${failure.detail}). ${context.howToCheck ?? ''}`.trim(),
			httpCode,
			outcome: 'unknown',
			detail: failure.detail,
		};
	}
	if (isDoubleIdempotencyKey(failure.detail)) {
		return {
			message: failure.detail,
			description:
				'An object was already created with this idempotency key, so nothing new was created. To create another one, give it a different Idempotency Key.',
			httpCode,
			outcome: 'refused',
			detail: failure.detail,
		};
	}
	return {
		message: messageForStatus(
			failure.status,
			failure.detail,
			failure.bodyExcerpt,
			tries,
			failure.retryAfterMs,
		),
		description: failure.error,
		httpCode,
		outcome: writes ? 'refused' : 'failed',
		detail: failure.detail,
		...(failure.code === undefined ? {} : { code: failure.code }),
	};
}

function messageForStatus(
	status: number,
	detail: string | undefined,
	bodyExcerpt: string | undefined,
	tries: string,
	retryAfterMs: number | undefined,
): string {
	const reason =
		detail ??
		(bodyExcerpt ? `HTTP ${status}: "${bodyExcerpt}"` : `HTTP ${status} with an empty body`);
	if (status === 401) {
		return `Authentication failed: ${asSentence(reason)} Check the API key and the refresh (or access) token of the credential.`;
	}
	if (status === 429) {
		const wait =
			retryAfterMs === undefined
				? ''
				: ` The service asks to wait ${Math.ceil(retryAfterMs / 1000)} s.`;
		return `The service is limiting requests (HTTP 429)${tries}: ${asSentence(reason)}${wait} Nothing was done.`;
	}
	if (detail) return `${detail}${status >= 500 ? ` (HTTP ${status}${tries})` : ''}`;
	return `The service answered ${reason}${tries}`;
}

/** The service's detail as a sentence of ours: its own full stop kept, none added after it. */
function asSentence(text: string): string {
	return /[.!?]$/.test(text) ? text : `${text}.`;
}
