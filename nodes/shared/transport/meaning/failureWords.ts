/**
 * The words of a failed request for each kind of failure: the message and description a workflow
 * author reads, in the service's own words where it gave some. What the failure means (its
 * outcome) is the failure table's (failureMeaning.ts); apiError.ts puts the two together.
 */
import type { RequestFailure } from '../wire/failure';
import { kindOf } from './failureMeaning';
import type { RequestSafety } from '../terms/requestTypes';

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
	/** The request creates an object: the service's fixed sentence of a failed creation fits it. */
	creates?: boolean;
}

export interface FailureWords {
	message: string;
	description?: string;
	httpCode?: string;
	detail?: string;
	/** The service's code (`PAY_IS_PAYED`, `NOT_FOUND` …) when it answered one. */
	code?: string;
}

type HttpFailure = Extract<RequestFailure, { kind: 'http' }>;
type Unanswered = Exclude<RequestFailure, { kind: 'http' }>;

/** Why a write's answer counts as lost: the cause its "Outcome unknown" message names. */
export function lostCause(
	failure: RequestFailure,
	context: FailedRequestContext,
	tries: string,
): { cause: string; httpCode?: string; detail?: string } {
	switch (failure.kind) {
		case 'http': {
			const said =
				failure.detail ?? (failure.bodyExcerpt ? `"${failure.bodyExcerpt}"` : 'an empty body');
			const cause = `The service answered HTTP ${failure.status}${tries}: ${said}.`;
			return { cause, httpCode: String(failure.status), detail: failure.detail };
		}
		case 'unreadable':
			return {
				cause: `The service answered HTTP ${failure.status} but the answer is not JSON: "${failure.bodyExcerpt}".`,
				httpCode: String(failure.status),
			};
		case 'timeout':
			return { cause: `No answer came within ${context.timeoutMs} ms.` };
		case 'network':
			return { cause: `The connection broke after the request was sent (${failure.code}).` };
		case 'canceled':
			return { cause: 'The execution was canceled while the request was under way.' };
		case 'other':
			return { cause: `The request failed: ${failure.message}.` };
		// Never lost (failureMeaning.ts): a redirect is an answer, the others never left.
		default:
			return { cause: `The request failed (${failure.kind}).` };
	}
}

/** The service answered: its words, a repeated idempotency key told apart. */
export function httpWords(failure: HttpFailure, tries: string, creates = false): FailureWords {
	const httpCode = String(failure.status);
	const { detail } = failure;
	if (detail !== undefined && kindOf(failure) === 'repeated_key')
		return {
			message: detail,
			description:
				'An object was already created with this idempotency key, so nothing new was created. To create another one, give it a different Idempotency Key.',
			httpCode,
			detail,
		};
	return {
		message: messageForStatus(failure, tries),
		// The spec's fixed sentence in `error` is about a failed creation: it describes no other.
		description: creates && failure.error ? `The service said: "${failure.error}"` : undefined,
		httpCode,
		detail: failure.detail,
		...(failure.code === undefined ? {} : { code: failure.code }),
	};
}

function messageForStatus(failure: HttpFailure, tries: string): string {
	const { status, detail, bodyExcerpt, retryAfterMs } = failure;
	// The service's own words as it sent them, or what stood in their place.
	const said = detail ?? (bodyExcerpt ? `"${bodyExcerpt}"` : undefined);
	if (status === 401) {
		return `authentication failed (HTTP 401): ${asSentence(said ?? 'an empty body')} Check the API key and the refresh (or access) token of the credential.`;
	}
	if (status === 429) {
		const wait =
			retryAfterMs === undefined
				? ''
				: ` The service asks to wait ${Math.ceil(retryAfterMs / 1000)} s.`;
		return `the service is limiting requests (HTTP 429)${tries}: ${asSentence(said ?? 'an empty body')}${wait} Nothing was done.`;
	}
	if (said === undefined) return `the service answered HTTP ${status} with an empty body${tries}`;
	return `the service answered HTTP ${status}${tries}: ${said}`;
}

/** The service's detail as a sentence of ours: its own full stop kept, none added after it. */
function asSentence(text: string): string {
	return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** A failure the service gave no answer to (or a redirect, which is no answer either). */
export function unansweredWords(
	failure: Unanswered,
	context: FailedRequestContext,
	tries: string,
): FailureWords {
	switch (failure.kind) {
		case 'unreadable':
			return {
				message: `The service answered HTTP ${failure.status} with a body that is not JSON${tries}: "${failure.bodyExcerpt}"`,
				description:
					'A proxy or a maintenance page may stand in front of the service. Check the Base URL of the credential.',
				httpCode: String(failure.status),
			};
		case 'redirect':
			return {
				message: `The service answered HTTP ${failure.status}, a redirect${failure.location ? ` to ${failure.location}` : ''}, instead of an answer`,
				description:
					'Redirects are not followed: the request carries the API key and the token, and a redirected POST would arrive as a GET. Check the Base URL of the credential (use the address it redirects to).',
				httpCode: String(failure.status),
			};
		case 'timeout':
			return {
				message: `No answer from the service within ${context.timeoutMs} ms${tries}`,
				description: 'Raise "Timeout" in the node options, or try again later.',
			};
		case 'network':
			return { message: `The connection to the service broke (${failure.code})${tries}` };
		case 'unreachable':
			return {
				message: `Could not connect to the service (${failure.code})${tries}: nothing was sent`,
				description:
					'Check the Base URL of the credential and that the service (or the local sandbox) is running.',
			};
		case 'credential':
			return {
				message: failure.message,
				description:
					'The request itself was not sent. Open the credential and use "Test" to check it.',
			};
		case 'canceled':
			return { message: 'The execution was canceled' };
		case 'other':
			return { message: failure.message };
	}
}
