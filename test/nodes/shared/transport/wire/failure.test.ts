import { NodeApiError } from 'n8n-workflow';

import {
	describeClientError,
	httpFailure,
	parseRetryAfter,
} from '../../../../../nodes/shared/transport/wire/failure';
import { payNode } from '../../../../harness/payNode';

const node = payNode();

/**
 * What n8n's HTTP helper throws for a connection failure: a NodeApiError keeping the client's
 * words.
 */
function wrapped(message: string, code?: string): NodeApiError {
	const error = Object.assign(new Error(message), code ? { code } : {});
	return new NodeApiError(node, error as never);
}

describe('httpFailure', () => {
	it('reads detail and error of the service failure body', () => {
		expect(
			httpFailure(422, { error: 'No fue posible crear', detail: 'Saldo insuficiente' }, {}),
		).toEqual({
			kind: 'http',
			status: 422,
			detail: 'Saldo insuficiente',
			error: 'No fue posible crear',
			retryAfterMs: undefined,
		});
	});

	it('keeps an excerpt of an HTML or text body', () => {
		expect(httpFailure(502, '<html><h1>502 Bad Gateway</h1></html>', {})).toMatchObject({
			status: 502,
			bodyExcerpt: '502 Bad Gateway',
		});
		expect(httpFailure(503, 'Service Unavailable', {})).toMatchObject({
			status: 503,
			bodyExcerpt: 'Service Unavailable',
		});
	});

	it('decodes a double-encoded failure body', () => {
		const body = JSON.stringify(JSON.stringify({ error: 'e', detail: 'OTP inválido' }));
		expect(httpFailure(400, body, {})).toMatchObject({ status: 400, detail: 'OTP inválido' });
	});

	it('has no excerpt for an empty body', () => {
		expect(httpFailure(500, '', {})).toEqual({
			kind: 'http',
			status: 500,
			bodyExcerpt: undefined,
			retryAfterMs: undefined,
		});
	});

	it('reads Retry-After whatever the header case', () => {
		expect(httpFailure(429, { detail: 'slow down' }, { 'Retry-After': '2' })).toMatchObject({
			retryAfterMs: 2000,
		});
		expect(httpFailure(429, { detail: 'slow down' }, { 'retry-after': '0' })).toMatchObject({
			retryAfterMs: 0,
		});
	});
});

describe('describeClientError', () => {
	it('tells timeouts, broken connections, refused connections and cancellations apart', () => {
		expect(
			describeClientError(wrapped('timeout of 1000ms exceeded', 'ECONNABORTED')),
		).toMatchObject({ kind: 'timeout' });
		expect(describeClientError(wrapped('socket hang up', 'ECONNRESET'))).toMatchObject({
			kind: 'network',
			code: 'ECONNRESET',
		});
		expect(
			describeClientError(wrapped('connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED')),
		).toMatchObject({
			kind: 'unreachable',
			code: 'ECONNREFUSED',
		});
		expect(describeClientError(wrapped('getaddrinfo ENOTFOUND pay.invalid'))).toMatchObject({
			kind: 'unreachable',
			code: 'ENOTFOUND',
		});
		expect(describeClientError(wrapped('canceled', 'ERR_CANCELED'))).toEqual({ kind: 'canceled' });
	});

	it("passes on the credential's own explanation when no access token could be obtained", () => {
		const failure = describeClientError(
			wrapped(
				'Could not obtain an access token (HTTP 401: Refresh token invalid). Check the API key and the refresh token.',
			),
		);
		expect(failure).toEqual({
			kind: 'credential',
			message:
				'Could not obtain an access token (HTTP 401: Refresh token invalid). Check the API key and the refresh token.',
		});
	});

	it('reads a raw client error with a response as an HTTP failure', () => {
		const raw = {
			message: 'Request failed',
			response: { status: 404, data: { detail: 'Not found' }, headers: {} },
		};
		expect(describeClientError(raw)).toMatchObject({
			kind: 'http',
			status: 404,
			detail: 'Not found',
		});
	});
});

describe('parseRetryAfter', () => {
	it('accepts seconds and HTTP dates', () => {
		const now = Date.parse('2026-11-22T10:00:00Z');
		expect(parseRetryAfter('3', now)).toBe(3000);
		expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000);
		expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
		expect(parseRetryAfter('soon', now)).toBeUndefined();
		expect(parseRetryAfter(undefined, now)).toBeUndefined();
	});
});
