/**
 * Faults a test (or a curious user) injects per route through the control API: what the network
 * and a struggling service do to a client. A fault applies to the next
 * `times` requests of its route.
 */
import type { AnswerChange } from './answerChange';
import type { FailureBody } from './failureBodies';

export type FaultBody = 'html' | 'malformed' | 'empty' | 'text' | 'json-string' | 'json';

export interface Fault {
	/** The route as counters name it: "POST /send/", "POST /{url}", "GET /pay_detail/{url}". */
	route: string;
	/** Answer this status; before processing unless `afterProcessing`. */
	status?: number;
	/** The request is carried out, then the answer is replaced by the fault. */
	afterProcessing?: boolean;
	/**
	 * Replace the answer's body: an HTML page, broken JSON, nothing, plain text, the answer
	 * encoded twice, or `json`.
	 */
	body?: FaultBody;
	/**
	 * With `body: 'json'`: the JSON value to answer instead, e.g. a shape the spec does
	 * not show ("OK", null, []).
	 */
	json?: unknown;
	/**
	 * One of the live service's failure bodies (failureBodies.ts: `{"error": "NOT_FOUND"}`, a field
	 * map, `{"result": "PAY_IS_PAYED"}` …), answered with `status` (default 200, as
	 * the service does for some).
	 */
	failure?: FailureBody;
	/**
	 * The request is carried out and its real answer sent with its status, changed: a field renamed,
	 * a number as text (answerChange.ts).
	 */
	change?: AnswerChange;
	/** `Location` header value: with a 3xx status, a redirect (a proxy or a moved host does that). */
	location?: string;
	/** `Retry-After` header value (seconds, or an HTTP date). */
	retryAfter?: number | string;
	/** Delay before anything else happens (longer than a client's timeout = a timeout). */
	latencyMs?: number;
	/** Close the connection without an answer: before the request is processed, or after. */
	reset?: 'before' | 'after';
	/** How many requests it applies to (default 1). */
	times?: number;
	/**
	 * How many requests of its route pass untouched before it applies (default 0): "the
	 * 3rd fails" is `after: 2`.
	 */
	after?: number;
}

/** Takes the next fault of a route, counting one use. */
export function takeFault(faults: Fault[], route: string): Fault | undefined {
	const index = faults.findIndex((fault) => fault.route === route);
	if (index < 0) return undefined;
	const fault = faults[index];
	if (fault.after !== undefined && fault.after > 0) {
		fault.after--;
		return undefined;
	}
	const remaining = (fault.times ?? 1) - 1;
	if (remaining <= 0) faults.splice(index, 1);
	else fault.times = remaining;
	return fault;
}

/** The body text and content type a fault answers with, given the real answer (if processed). */
export function faultBody(
	kind: FaultBody | undefined,
	realAnswer: unknown,
	json?: unknown,
): { contentType: string; text: string } {
	switch (kind) {
		case 'html':
			return {
				contentType: 'text/html',
				text: '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>',
			};
		case 'malformed':
			return { contentType: 'application/json', text: '{"detail": "truncated' };
		case 'empty':
			return { contentType: 'application/json', text: '' };
		case 'text':
			return {
				contentType: 'text/plain',
				text: 'upstream connect error or disconnect/reset before headers',
			};
		case 'json-string':
			return { contentType: 'application/json', text: JSON.stringify(JSON.stringify(realAnswer)) };
		case 'json':
			return { contentType: 'application/json', text: JSON.stringify(json ?? null) };
		default:
			// No answer to show (a redirect or a 2xx before processing, say): an empty body.
			return {
				contentType: 'application/json',
				text: realAnswer === undefined ? '' : JSON.stringify(realAnswer),
			};
	}
}
