import type { RequestFailure } from '../../../../../nodes/shared/transport/wire/failure';
import { nextRetryDelay } from '../../../../../nodes/shared/transport/meaning/retryPolicy';

const settings = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 5000 };
const transient: RequestFailure[] = [
	{ kind: 'http', status: 500 },
	{ kind: 'http', status: 502 },
	{ kind: 'http', status: 503 },
	{ kind: 'http', status: 429 },
	{ kind: 'timeout', code: 'ECONNABORTED' },
	{ kind: 'network', code: 'ECONNRESET' },
	{ kind: 'unreachable', code: 'ECONNREFUSED' },
	{ kind: 'unreadable', status: 200, bodyExcerpt: '<html>' },
];

describe('nextRetryDelay', () => {
	it.each(transient)('never repeats a request that must go out once (%o)', (failure) => {
		expect(nextRetryDelay('once', failure, 1, settings)).toBeUndefined();
	});

	it.each(transient)(
		'repeats reads and idempotent creations after %o, with doubling backoff',
		(failure) => {
			expect(nextRetryDelay('read', failure, 1, settings)).toBe(100);
			expect(nextRetryDelay('read', failure, 2, settings)).toBe(200);
			expect(nextRetryDelay('idempotent', failure, 3, settings)).toBe(400);
		},
	);

	it('stops after the configured number of retries', () => {
		expect(nextRetryDelay('read', { kind: 'http', status: 500 }, 4, settings)).toBeUndefined();
		expect(
			nextRetryDelay('read', { kind: 'http', status: 500 }, 1, { ...settings, maxRetries: 0 }),
		).toBeUndefined();
	});

	it('does not repeat refusals: 4xx other than 429', () => {
		for (const status of [400, 401, 403, 404, 409, 422]) {
			expect(nextRetryDelay('read', { kind: 'http', status }, 1, settings)).toBeUndefined();
		}
	});

	it('waits what Retry-After asks, and gives up when it asks for more than the longest wait', () => {
		expect(
			nextRetryDelay('read', { kind: 'http', status: 429, retryAfterMs: 1500 }, 1, settings),
		).toBe(1500);
		expect(
			nextRetryDelay('read', { kind: 'http', status: 503, retryAfterMs: 0 }, 1, settings),
		).toBe(0);
		expect(
			nextRetryDelay('read', { kind: 'http', status: 429, retryAfterMs: 60_000 }, 1, settings),
		).toBeUndefined();
	});

	it('caps the backoff at the longest wait', () => {
		expect(
			nextRetryDelay('read', { kind: 'http', status: 500 }, 3, { ...settings, baseDelayMs: 4000 }),
		).toBe(5000);
	});
});
