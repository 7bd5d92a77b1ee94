import { decodeBody, excerpt } from './decodeBody';

/**
 * What went wrong with one request, reduced to the facts the retry policy and the error messages
 * need. Built from n8n's client errors, which carry the request (and its headers) with them: only
 * the fields below travel on, so no key or token can leak through an error.
 */
export type RequestFailure =
	| { kind: 'http'; status: number; detail?: string; error?: string; bodyExcerpt?: string; retryAfterMs?: number }
	| { kind: 'unreadable'; status: number; bodyExcerpt: string }
	| { kind: 'timeout'; code: string }
	| { kind: 'network'; code: string }
	| { kind: 'unreachable'; code: string }
	| { kind: 'canceled' }
	| { kind: 'other'; message: string };

/** Errors that mean the connection never opened: the request did not leave. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);

interface ClientErrorShape {
	code?: string;
	message?: string;
	name?: string;
	response?: { status?: number; data?: unknown; headers?: Record<string, unknown> };
	cause?: unknown;
}

export function describeClientError(thrown: unknown, now = Date.now()): RequestFailure {
	const error = innermostClientError(thrown);
	const status = error.response?.status;
	if (typeof status === 'number') {
		return httpFailure(status, error.response?.data, error.response?.headers, now);
	}
	const code = error.code ?? '';
	if (code === 'ERR_CANCELED' || error.name === 'CanceledError') return { kind: 'canceled' };
	if (TIMEOUT_CODES.has(code) || /timeout/i.test(error.message ?? '')) return { kind: 'timeout', code: code || 'ETIMEDOUT' };
	if (UNREACHABLE_CODES.has(code)) return { kind: 'unreachable', code };
	if (code || /socket hang up|ECONNRESET|EPIPE/i.test(error.message ?? '')) {
		return { kind: 'network', code: code || 'ECONNRESET' };
	}
	return { kind: 'other', message: error.message ?? String(thrown) };
}

/** n8n wraps the client error in a NodeApiError whose `cause` is the original. */
function innermostClientError(thrown: unknown): ClientErrorShape {
	let current = thrown as ClientErrorShape;
	for (let depth = 0; depth < 3; depth++) {
		if (current?.response || current?.code) return current;
		const next = current?.cause as ClientErrorShape | undefined;
		if (!next || typeof next !== 'object') break;
		current = next;
	}
	return (current ?? {}) as ClientErrorShape;
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
	const body = decoded.value as { error?: unknown; detail?: unknown } | undefined;
	if (body && typeof body === 'object' && !Array.isArray(body)) {
		return {
			kind: 'http',
			status,
			detail: textOf(body.detail),
			error: textOf(body.error),
			retryAfterMs,
		};
	}
	const text = typeof decoded.value === 'string' ? decoded.value : JSON.stringify(decoded.value);
	return { kind: 'http', status, bodyExcerpt: text ? excerpt(text) : undefined, retryAfterMs };
}

function textOf(value: unknown): string | undefined {
	if (typeof value === 'string' && value.trim() !== '') return value;
	if (Array.isArray(value) || (value && typeof value === 'object')) return JSON.stringify(value);
	return undefined;
}

function headerValue(headers: Record<string, unknown> | undefined, name: string): string | undefined {
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
