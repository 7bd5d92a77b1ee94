import fc from 'fast-check';

import {
	describeFailure,
	toNodeApiError,
} from '../../../../../nodes/shared/transport/meaning/apiError';
import type { FailedRequestContext } from '../../../../../nodes/shared/transport/meaning/failureWords';
import { payNode } from '../../../../harness/payNode';

const node = payNode();
const context = (
	safety: FailedRequestContext['safety'],
	extra: Partial<FailedRequestContext> = {},
): FailedRequestContext => ({
	safety,
	action: 'the transfer',
	howToCheck: 'List transfers (Transfer → Get Many) and look for it.',
	attempts: 1,
	timeoutMs: 1000,
	...extra,
});

describe('describeFailure', () => {
	it("leads with what the node was doing, then the service's words; its creation sentence only for a creation", () => {
		const failure = {
			kind: 'http',
			status: 422,
			detail: 'Saldo insuficiente',
			error: 'No se pudo completar la creación',
		} as const;
		expect(describeFailure(failure, context('once'))).toMatchObject({
			message: 'The transfer: the service answered HTTP 422: Saldo insuficiente',
			httpCode: '422',
			outcome: 'refused',
			detail: 'Saldo insuficiente',
		});
		expect(describeFailure(failure, context('once')).description).toBeUndefined();
		const creation = describeFailure(failure, context('idempotent', { creates: true }));
		expect(creation.description).toBe('The service said: "No se pudo completar la creación"');
	});

	it('leads every error of a request with its action, whatever the failure and the safety', () => {
		fc.assert(
			fc.property(
				fc.constantFrom<FailedRequestContext['safety']>('read', 'idempotent', 'once'),
				fc.oneof(
					fc.record({
						kind: fc.constant('http' as const),
						status: fc.integer({ min: 300, max: 599 }),
						detail: fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
						error: fc.option(fc.constant('No se pudo completar la creación'), { nil: undefined }),
						code: fc.option(fc.constantFrom('NOT_FOUND', 'PAY_IS_PAYED'), { nil: undefined }),
					}),
					fc.constantFrom(
						{ kind: 'timeout', code: 'ETIMEDOUT' } as const,
						{ kind: 'network', code: 'ECONNRESET' } as const,
						{ kind: 'unreachable', code: 'ECONNREFUSED' } as const,
						{ kind: 'canceled' } as const,
						{ kind: 'redirect', status: 301, location: 'https://x.example' } as const,
						{ kind: 'unreadable', status: 502, bodyExcerpt: '<html>' } as const,
						{ kind: 'credential', message: 'Could not obtain an access token' } as const,
					),
				),
				fc.boolean(),
				(safety, failure, creates) => {
					const action = 'reading the payment object abc';
					const facts = describeFailure(failure, context(safety, { action, creates }));
					const lead =
						facts.outcome === 'unknown'
							? `Outcome unknown: ${action}`
							: 'Reading the payment object abc: ';
					expect(facts.message.startsWith(lead)).toBe(true);
					if (!creates) expect(JSON.stringify(facts)).not.toContain('creación');
					if (failure.kind === 'http' && failure.detail !== undefined)
						expect(facts.message).toContain(failure.detail);
				},
			),
		);
	});

	it('says a money-moving request may have gone through on a server error, and how to check', () => {
		const facts = describeFailure({ kind: 'http', status: 500, detail: 'boom' }, context('once'));
		expect(facts.outcome).toBe('unknown');
		expect(facts.message).toMatch(/^Outcome unknown: the transfer may have been carried out/);
		expect(facts.message).toContain('boom');
		expect(facts.description).toContain('List transfers');
	});

	it.each([
		[{ kind: 'timeout', code: 'ECONNABORTED' } as const, /No answer came within 1000 ms/],
		[
			{ kind: 'network', code: 'ECONNRESET' } as const,
			/connection broke after the request was sent \(ECONNRESET\)/,
		],
		[
			{ kind: 'unreadable', status: 200, bodyExcerpt: 'oops' } as const,
			/HTTP 200 but the answer is not JSON/,
		],
	])('reports a lost answer of a write as unknown outcome (%o)', (failure, pattern) => {
		const facts = describeFailure(failure, context('once'));
		expect(facts.outcome).toBe('unknown');
		expect(facts.message).toMatch(pattern);
	});

	it('says nothing was sent when the service could not be reached', () => {
		const facts = describeFailure({ kind: 'unreachable', code: 'ECONNREFUSED' }, context('once'));
		expect(facts.outcome).toBe('not_sent');
		expect(facts.message).toContain('nothing was sent');
	});

	it('gives a clear message for bodies that are not the error shape', () => {
		expect(
			describeFailure({ kind: 'http', status: 404, bodyExcerpt: 'Not Found' }, context('read'))
				.message,
		).toBe('The transfer: the service answered HTTP 404: "Not Found"');
		expect(describeFailure({ kind: 'http', status: 400 }, context('read')).message).toBe(
			'The transfer: the service answered HTTP 400 with an empty body',
		);
		expect(
			describeFailure(
				{ kind: 'unreadable', status: 200, bodyExcerpt: 'Maintenance' },
				context('read', { attempts: 4 }),
			).message,
		).toBe(
			'The transfer: the service answered HTTP 200 with a body that is not JSON (after 4 attempts): "Maintenance"',
		);
	});

	it('points at the credential on a 401', () => {
		expect(
			describeFailure({ kind: 'http', status: 401, detail: 'Token invalid' }, context('read'))
				.message,
		).toMatch(
			/^The transfer: authentication failed \(HTTP 401\): Token invalid\. Check the API key/,
		);
		// The service's own full stop is kept, not doubled.
		expect(
			describeFailure(
				{ kind: 'http', status: 401, detail: 'Authentication credentials were not provided.' },
				context('read'),
			).message,
		).toMatch(
			/^The transfer: authentication failed \(HTTP 401\): Authentication credentials were not provided\. Check the API key/,
		);
	});

	it('tells a refused repeat of an idempotency key after a lost answer from a plain refusal', () => {
		const repeat = { kind: 'http', status: 409, detail: 'double_idempotency_key: n8n-1' } as const;
		expect(
			describeFailure(
				repeat,
				context('idempotent', { action: 'the payment object creation', earlierAttemptLost: true }),
			),
		).toMatchObject({
			message:
				'The payment object creation was already carried out by an earlier attempt whose answer was lost; it was not done twice.',
			outcome: 'unknown',
		});
		expect(describeFailure(repeat, context('idempotent')).outcome).toBe('refused');
	});

	it('marks failed reads as failed, not as unknown', () => {
		expect(describeFailure({ kind: 'timeout', code: 'ETIMEDOUT' }, context('read')).outcome).toBe(
			'failed',
		);
		expect(describeFailure({ kind: 'http', status: 503 }, context('read')).outcome).toBe('failed');
	});
});

describe('toNodeApiError', () => {
	it('carries message, description, status and the outcome to branch on', () => {
		const error = toNodeApiError(
			node,
			{
				message: 'Saldo insuficiente',
				description: 'x',
				httpCode: '422',
				outcome: 'refused',
				detail: 'Saldo insuficiente',
			},
			2,
		);
		expect(error.message).toBe('Saldo insuficiente');
		expect(error.description).toBe('x');
		expect(error.httpCode).toBe('422');
		expect(error.context).toMatchObject({
			outcome: 'refused',
			detail: 'Saldo insuficiente',
			itemIndex: 2,
		});
	});
});
