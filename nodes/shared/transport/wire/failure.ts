import { decodeBody, excerpt } from './decodeBody';
import { isFailureBody, readFailureBody } from './failureBody';

/**
 * What went wrong with one request, reduced to the facts the retry policy and the error messages
 * need. Built from n8n's client errors, which carry the request (and its headers) with them: only
 * the fields below travel on, so no key or token can leak through an error. Its `kind` is a kind
 * of the failure table (meaning/failureMeaning.ts), but `http`, which the table tells apart by
 * status and the service's words.
 */
export type RequestFailure =
	| {
			kind: 'http';
			status: number;
			detail?: string;
			error?: string;
			code?: string;
			bodyExcerpt?: string;
			retryAfterMs?: number;
	  }
	| { kind: 'unreadable'; status: number; bodyExcerpt: string }
	| { kind: 'redirect'; status: number; location?: string }
	| { kind: 'timeout'; code: string }
	| { kind: 'network'; code: string }
	| { kind: 'unreachable'; code: string }
	| { kind: 'canceled' }
	| { kind: 'credential'; message: string }
	| { kind: 'other'; message: string };

const UNREACHABLE =
	/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|refused the connection/i;
const TIMEOUT =
	/timeout of \d+ ?ms exceeded|ETIMEDOUT|ESOCKETTIMEDOUT|ECONNABORTED|connection was aborted/i;
const BROKEN = /socket hang up|ECONNRESET|EPIPE|closed unexpectedly/i;
const CANCELED = /ERR_CANCELED|\bcancell?ed\b/i;
/** Our credential's own refusal to go on (see PayApi.preAuthentication): nothing was sent. */
const CREDENTIAL = /access token/i;

interface ThrownShape {
	code?: string;
	message?: string;
	messages?: string[];
	name?: string;
	response?: { status?: number; data?: unknown; headers?: Record<string, unknown> };
}

/**
 * Classifies an error thrown by n8n's HTTP helper. HTTP statuses never get here (the transport
 * asks for full responses); what remains are connection failures, which n8n wraps in a NodeApiError
 * that keeps the client's original words in `messages` and drops the rest.
 */
export function describeClientError(thrown: unknown, now = Date.now()): RequestFailure {
	const error = (thrown ?? {}) as ThrownShape;
	const status = error.response?.status;
	if (typeof status === 'number')
		return httpFailure(status, error.response?.data, error.response?.headers, now);

	const originals = [...(error.messages ?? []), error.code ?? '', error.message ?? ''];
	const said = originals.join(' | ');
	const code = (said.match(/\b(E[A-Z_]{3,}|ERR_[A-Z_]+)\b/) ?? [])[1];
	const credentialProblem = (error.messages ?? []).find((text) => CREDENTIAL.test(text));
	if (credentialProblem) return { kind: 'credential', message: credentialProblem };
	if (CANCELED.test(said) || error.name === 'CanceledError') return { kind: 'canceled' };
	if (UNREACHABLE.test(said)) return { kind: 'unreachable', code: code ?? 'ECONNREFUSED' };
	if (TIMEOUT.test(said)) return { kind: 'timeout', code: code ?? 'ETIMEDOUT' };
	if (BROKEN.test(said)) return { kind: 'network', code: code ?? 'ECONNRESET' };
	return { kind: 'other', message: error.messages?.[0] ?? error.message ?? String(thrown) };
}

export function httpFailure(
	status: number,
	rawBody: unknown,
	headers: Record<string, unknown> | undefined,
	now = Date.now(),
): RequestFailure {
	const retryAfterMs = parseRetryAfter(headerValue(headers, 'retry-after'), now);
	const decoded = decodeBody(rawBody);
	if (!decoded.readable) {
		return { kind: 'http', status, bodyExcerpt: excerpt(decoded.text), retryAfterMs };
	}
	const body = decoded.value;
	if (body && typeof body === 'object' && !Array.isArray(body)) {
		const words = readFailureBody(body as Record<string, unknown>);
		const failure: RequestFailure = { kind: 'http', status, ...words, retryAfterMs };
		// A body in none of the known shapes is quoted rather than called empty.
		if (words.detail === undefined && Object.keys(body).length > 0)
			failure.bodyExcerpt = excerpt(JSON.stringify(body));
		return failure;
	}
	const text = typeof decoded.value === 'string' ? decoded.value : JSON.stringify(decoded.value);
	return { kind: 'http', status, bodyExcerpt: text ? excerpt(text) : undefined, retryAfterMs };
}

/**
 * A redirect answer. Redirects are never followed: the request carries the API key and the token,
 * which must not go to another host, and a followed 301/302 turns a POST into a GET.
 */
export function redirectFailure(
	status: number,
	headers: Record<string, unknown> | undefined,
): RequestFailure {
	const location = headerValue(headers, 'location');
	return { kind: 'redirect', status, location: location ? excerpt(location) : undefined };
}

/**
 * A failure body of the service (the spec's `{error, detail}`, or one the live service answers:
 * failureBody.ts). The service answers some failures with HTTP 200, so an answer of such a shape is
 * a failure even when it comes with a 2xx status.
 */
export function isServiceFailureBody(value: unknown): boolean {
	return isFailureBody(value);
}

function headerValue(
	headers: Record<string, unknown> | undefined,
	name: string,
): string | undefined {
	if (!headers) return undefined;
	const found = Object.keys(headers).find((key) => key.toLowerCase() === name);
	const value = found === undefined ? undefined : headers[found];
	return value === undefined || value === null ? undefined : String(value);
}

/** `Retry-After` is either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
