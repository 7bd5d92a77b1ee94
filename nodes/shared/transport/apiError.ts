import { NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import { setErrorFacts } from '../errorFacts';
import type { RequestFailure } from './failure';
import { lostAnswer } from './failureFacts';
import type { FailedRequestContext, PayErrorFacts } from './failureFacts';
import { describeHttpFailure } from './httpFailureFacts';

/** Turns a failure into the words a workflow author reads, and the outcome they can branch on. */
export function describeFailure(
	failure: RequestFailure,
	context: FailedRequestContext,
): PayErrorFacts {
	const facts = describeLastAttempt(failure, context);
	if (!context.earlierAttemptLost || context.safety === 'read' || facts.outcome === 'unknown')
		return facts;
	// The last attempt was refused or never left, but an earlier one lost its answer after it was
	// sent: that one may have been carried out, so "nothing was done" would be untrue.
	return {
		...facts,
		message: `Outcome unknown: ${context.action} may have been carried out by an earlier attempt whose answer was lost. The last attempt: ${facts.message}`,
		description: `Do not simply run it again. ${context.howToCheck ?? 'Check in the service before retrying.'}`,
		outcome: 'unknown',
	};
}

function describeLastAttempt(
	failure: RequestFailure,
	context: FailedRequestContext,
): PayErrorFacts {
	const tries = context.attempts > 1 ? ` (after ${context.attempts} attempts)` : '';
	if (failure.kind === 'http') return describeHttpFailure(failure, context, tries);
	const lost = context.safety !== 'read' ? lostAfterSending(failure, context) : undefined;
	return lost ?? describeUnanswered(failure, context, tries);
}

type Unanswered = Exclude<RequestFailure, { kind: 'http' }>;

/** A write whose answer was lost after it left: it may have been carried out. */
function lostAfterSending(
	failure: Unanswered,
	context: FailedRequestContext,
): PayErrorFacts | undefined {
	switch (failure.kind) {
		case 'unreadable':
			return lostAnswer(
				context,
				`The service answered HTTP ${failure.status} but the answer is not JSON: "${failure.bodyExcerpt}".`,
				String(failure.status),
			);
		case 'timeout':
			return lostAnswer(context, `No answer came within ${context.timeoutMs} ms.`);
		case 'network':
			return lostAnswer(
				context,
				`The connection broke after the request was sent (${failure.code}).`,
			);
		case 'canceled':
			return lostAnswer(context, 'The execution was canceled while the request was under way.');
		case 'other':
			return lostAnswer(context, `The request failed: ${failure.message}.`);
		// Not lost: a redirect is an answer (the request was not taken), the others never left.
		case 'redirect':
		case 'unreachable':
		case 'credential':
			return undefined;
	}
}

/** A read that got no answer, or a request the service never took. */
function describeUnanswered(
	failure: Unanswered,
	context: FailedRequestContext,
	tries: string,
): PayErrorFacts {
	switch (failure.kind) {
		case 'unreadable':
			return {
				message: `The service answered HTTP ${failure.status} with a body that is not JSON${tries}: "${failure.bodyExcerpt}"`,
				description:
					'A proxy or a maintenance page may stand in front of the service. Check the Base URL of the credential.',
				httpCode: String(failure.status),
				outcome: 'failed',
			};
		case 'redirect':
			return {
				message: `The service answered HTTP ${failure.status}, a redirect${failure.location ? ` to ${failure.location}` : ''}, instead of an answer`,
				description:
					'Redirects are not followed: the request carries the API key and the token, and a redirected POST would arrive as a GET. Check the Base URL of the credential (use the address it redirects to).',
				httpCode: String(failure.status),
				outcome: context.safety !== 'read' ? 'refused' : 'failed',
			};
		case 'timeout':
			return {
				message: `No answer from the service within ${context.timeoutMs} ms${tries}`,
				description: 'Raise "Timeout" in the node options, or try again later.',
				outcome: 'failed',
			};
		case 'network':
			return {
				message: `The connection to the service broke (${failure.code})${tries}`,
				outcome: 'failed',
			};
		case 'unreachable':
			return {
				message: `Could not connect to the service (${failure.code})${tries}: nothing was sent`,
				description:
					'Check the Base URL of the credential and that the service (or the local sandbox) is running.',
				outcome: 'not_sent',
			};
		case 'credential':
			return {
				message: failure.message,
				description:
					'The request itself was not sent. Open the credential and use "Test" to check it.',
				outcome: 'not_sent',
			};
		case 'canceled':
			return { message: 'The execution was canceled', outcome: 'failed' };
		case 'other':
			return { message: failure.message, outcome: 'failed' };
	}
}

/**
 * The error n8n shows, built from sanitised facts only (never from the client error, which holds
 * the headers).
 */
export function toNodeApiError(
	node: INode,
	facts: PayErrorFacts,
	itemIndex?: number,
): NodeApiError {
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
