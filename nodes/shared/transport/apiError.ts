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
	const writes = context.safety !== 'read';
	const tries = context.attempts > 1 ? ` (after ${context.attempts} attempts)` : '';
	const lost = (cause: string, httpCode?: string) => lostAnswer(context, cause, httpCode);

	switch (failure.kind) {
		case 'http':
			return describeHttpFailure(failure, context, tries);
		case 'unreadable':
			if (writes) {
				return lost(
					`The service answered HTTP ${failure.status} but the answer is not JSON: "${failure.bodyExcerpt}".`,
					String(failure.status),
				);
			}
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
			if (writes) return lost('The execution was canceled while the request was under way.');
			return { message: 'The execution was canceled', outcome: 'failed' };
		case 'other':
			if (writes) return lost(`The request failed: ${failure.message}.`);
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
