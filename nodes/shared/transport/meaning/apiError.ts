/**
 * The error a workflow author reads for a failed request: the words for each kind of failure, the
 * outcome the failure table gives it (failureMeaning.ts), and the NodeApiError n8n shows.
 */
import { NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import { capitalise } from '../../text';
import { setErrorFacts } from '../terms/errorFacts';
import type { RequestFailure } from '../wire/failure';
import { meaningOf } from './failureMeaning';
import type { FailureOutcome } from '../terms/outcomes';
import { httpWords, lostCause, unansweredWords } from './failureWords';
import type { FailedRequestContext, FailureWords } from './failureWords';

/** What a failed request's error says: its words, and the outcome the failure table gives it. */
export interface PayErrorFacts extends FailureWords {
	outcome: FailureOutcome;
}

/** Turns a failure into the words a workflow author reads, and the outcome they can branch on. */
export function describeFailure(
	failure: RequestFailure,
	context: FailedRequestContext,
): PayErrorFacts {
	const { kind, outcome, because } = meaningOf(failure, context);
	const tries = context.attempts > 1 ? ` (after ${context.attempts} attempts)` : '';
	if (outcome === 'unknown' && because === 'kind') return lostAnswer(failure, context, tries);
	const words =
		failure.kind === 'http'
			? httpWords(failure, tries, context.creates)
			: unansweredWords(failure, context, tries);
	if (because === 'kind') return { ...ledByTheAction(words, context.action), outcome };
	if (kind === 'repeated_key') {
		return {
			message: `${capitalise(context.action)} was already carried out by an earlier attempt whose answer was lost; it was not done twice.`,
			description:
				`The service refused the repeated idempotency key (${words.detail}). ${context.howToCheck ?? ''}`.trim(),
			httpCode: words.httpCode,
			outcome,
			detail: words.detail,
		};
	}
	// The last attempt was refused or never left, but an earlier one lost its answer after it was
	// sent: that one may have been carried out, so "nothing was done" would be untrue.
	return {
		...words,
		message: `Outcome unknown: ${context.action} may have been carried out by an earlier attempt whose answer was lost. The last attempt: ${capitalise(words.message)}`,
		description: `Do not simply run it again. ${context.howToCheck ?? 'Check in the service before retrying.'}`,
		outcome,
	};
}

/**
 * What the node was doing, in English, before the service's words: "Reading the payment object
 * abc: the service answered HTTP 404: No existe …". The service writes in Spanish, and its words
 * alone do not say which request of the run they answer.
 */
function ledByTheAction(words: FailureWords, action: string): FailureWords {
	const said = /^[A-Z][a-z]/.test(words.message)
		? words.message.charAt(0).toLowerCase() + words.message.slice(1)
		: words.message;
	return { ...words, message: `${capitalise(action)}: ${said}` };
}

/** A write whose answer was lost after it left: it may have been carried out. */
function lostAnswer(
	failure: RequestFailure,
	context: FailedRequestContext,
	tries: string,
): PayErrorFacts {
	const { cause, httpCode, detail } = lostCause(failure, context, tries);
	return {
		message: `Outcome unknown: ${context.action} may have been carried out. ${cause}`,
		description: `Do not simply run it again. ${context.howToCheck ?? 'Check in the service before retrying.'}`,
		httpCode,
		outcome: 'unknown',
		detail,
	};
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
