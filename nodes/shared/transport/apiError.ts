import { NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import { setErrorFacts } from '../errorFacts';
import { capitalise } from '../text';
import type { RequestFailure } from './failure';
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

/** Turns a failure into the words a workflow author reads, and the outcome they can branch on. */
export function describeFailure(failure: RequestFailure, context: FailedRequestContext): PayErrorFacts {
	const facts = describeLastAttempt(failure, context);
	if (!context.earlierAttemptLost || context.safety === 'read' || facts.outcome === 'unknown') return facts;
	// The last attempt was refused or never left, but an earlier one lost its answer after it was
	// sent: that one may have been carried out, so "nothing was done" would be untrue.
	return {
		...facts,
		message: `Outcome unknown: ${context.action} may have been carried out by an earlier attempt whose answer was lost. The last attempt: ${facts.message}`,
		description: `Do not simply run it again. ${context.howToCheck ?? 'Check in the service before retrying.'}`,
		outcome: 'unknown',
	};
}

function describeLastAttempt(failure: RequestFailure, context: FailedRequestContext): PayErrorFacts {
	const writes = context.safety !== 'read';
	const tries = context.attempts > 1 ? ` (after ${context.attempts} attempts)` : '';
	const lost = (cause: string, httpCode?: string): PayErrorFacts => ({
		message: `Outcome unknown: ${context.action} may have been carried out. ${cause}`,
		description: `Do not simply run it again. ${context.howToCheck ?? 'Check in the service before retrying.'}`,
		httpCode,
		outcome: 'unknown',
	});

	switch (failure.kind) {
		case 'http': {
			const httpCode = String(failure.status);
			const said = failure.detail ?? (failure.bodyExcerpt ? `"${failure.bodyExcerpt}"` : 'an empty body');
			if (failure.status >= 500 && context.safety === 'once') {
				return { ...lost(`The service answered HTTP ${failure.status}: ${said}.`, httpCode), detail: failure.detail };
			}
			if (failure.status >= 500 && context.safety === 'idempotent') {
				return { ...lost(`The service answered HTTP ${failure.status}${tries}: ${said}.`, httpCode), detail: failure.detail };
			}
			if (context.earlierAttemptLost && failure.detail?.startsWith('double_idempotency_key')) {
				return {
					message: `${capitalise(context.action)} was already carried out by an earlier attempt whose answer was lost; it was not done twice.`,
					description: `The service refused the repeated idempotency key (${failure.detail}). ${context.howToCheck ?? ''}`.trim(),
					httpCode,
					outcome: 'unknown',
					detail: failure.detail,
				};
			}
			if (failure.detail?.startsWith('double_idempotency_key')) {
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
				message: messageForStatus(failure.status, failure.detail, failure.bodyExcerpt, tries, failure.retryAfterMs),
				description: failure.error,
				httpCode,
				outcome: writes ? 'refused' : 'failed',
				detail: failure.detail,
				...(failure.code === undefined ? {} : { code: failure.code }),
			};
		}
		case 'unreadable':
			if (writes) {
				return lost(
					`The service answered HTTP ${failure.status} but the answer is not JSON: "${failure.bodyExcerpt}".`,
					String(failure.status),
				);
			}
			return {
				message: `The service answered HTTP ${failure.status} with a body that is not JSON${tries}: "${failure.bodyExcerpt}"`,
				description: 'A proxy or a maintenance page may stand in front of the service. Check the Base URL of the credential.',
				httpCode: String(failure.status),
				outcome: 'failed',
			};
		case 'redirect':
			return {
				message: `The service answered HTTP ${failure.status}, a redirect${failure.location ? ` to ${failure.location}` : ''}, instead of an answer`,
				description:
					'Redirects are not followed: the request carries the API key and the token, and a redirected POST would arrive as a GET. Check the Base URL of the credential (use the address it redirects to).',
				httpCode: String(failure.status),
				outcome: writes ? 'refused' : 'failed',
			};
		case 'timeout':
			if (writes) return lost(`No answer came within ${context.timeoutMs} ms.`);
			return {
				message: `No answer from the service within ${context.timeoutMs} ms${tries}`,
				description: 'Raise "Timeout" in the node options, or try again later.',
				outcome: 'failed',
			};
		case 'network':
			if (writes) return lost(`The connection broke after the request was sent (${failure.code}).`);
			return {
				message: `The connection to the service broke (${failure.code})${tries}`,
				outcome: 'failed',
			};
		case 'unreachable':
			return {
				message: `Could not connect to the service (${failure.code})${tries}: nothing was sent`,
				description: 'Check the Base URL of the credential and that the service (or the local sandbox) is running.',
				outcome: 'not_sent',
			};
		case 'credential':
			return {
				message: failure.message,
				description: 'The request itself was not sent. Open the credential and use "Test" to check it.',
				outcome: 'not_sent',
			};
		case 'canceled':
			if (writes) return lost('The execution was canceled while the request was under way.');
			return { message: 'The execution was canceled', outcome: 'failed' };
		case 'other':
			if (writes) return lost(`The request failed: ${failure.message}.`);
			return { message: failure.message, outcome: 'failed' };
	}
}

function messageForStatus(
	status: number,
	detail: string | undefined,
	bodyExcerpt: string | undefined,
	tries: string,
	retryAfterMs: number | undefined,
): string {
	const reason = detail ?? (bodyExcerpt ? `HTTP ${status}: "${bodyExcerpt}"` : `HTTP ${status} with an empty body`);
	if (status === 401) {
		return `Authentication failed: ${asSentence(reason)} Check the API key and the refresh (or access) token of the credential.`;
	}
	if (status === 429) {
		const wait = retryAfterMs === undefined ? '' : ` The service asks to wait ${Math.ceil(retryAfterMs / 1000)} s.`;
		return `The service is limiting requests (HTTP 429)${tries}: ${asSentence(reason)}${wait} Nothing was done.`;
	}
	if (detail) return `${detail}${status >= 500 ? ` (HTTP ${status}${tries})` : ''}`;
	return `The service answered ${reason}${tries}`;
}

/** The service's detail as a sentence of ours: its own full stop kept, none added after it. */
function asSentence(text: string): string {
	return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The error n8n shows, built from sanitised facts only (never from the client error, which holds the headers). */
export function toNodeApiError(node: INode, facts: PayErrorFacts, itemIndex?: number): NodeApiError {
	const body: JsonObject = { message: facts.message, outcome: facts.outcome };
	if (facts.detail !== undefined) body.detail = facts.detail;
	if (facts.httpCode !== undefined) body.httpCode = facts.httpCode;
	if (facts.code !== undefined) body.code = facts.code;
	const error = new NodeApiError(node, body, {
		message: facts.message,
		description: facts.description,
		httpCode: facts.httpCode,
		itemIndex,
	});
	// NodeApiError swaps messages that mention a connection code (ECONNRESET, ETIMEDOUT) for a
	// generic sentence that drops the money warning; ours is the one the user must read.
	error.message = facts.message;
	if (facts.description !== undefined) error.description = facts.description;
	setErrorFacts(error, { outcome: facts.outcome, detail: facts.detail, code: facts.code });
	return error;
}
