import { describeFailure, toNodeApiError } from '../../../../nodes/shared/transport/apiError';
import type { FailedRequestContext } from '../../../../nodes/shared/transport/failureWords';
import { payNode } from '../../../harness/payNode';

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
	it('uses the service detail as the message and its error sentence as the description', () => {
		const facts = describeFailure(
			{
				kind: 'http',
				status: 422,
				detail: 'Saldo insuficiente',
				error: 'No fue posible crear el registro',
			},
			context('once'),
		);
		expect(facts).toMatchObject({
			message: 'Saldo insuficiente',
			description: 'No fue posible crear el registro',
			httpCode: '422',
			outcome: 'refused',
		});
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
		).toBe('The service answered HTTP 404: "Not Found"');
		expect(describeFailure({ kind: 'http', status: 400 }, context('read')).message).toBe(
			'The service answered HTTP 400 with an empty body',
		);
		expect(
			describeFailure(
				{ kind: 'unreadable', status: 200, bodyExcerpt: 'Maintenance' },
				context('read', { attempts: 4 }),
			).message,
		).toBe(
			'The service answered HTTP 200 with a body that is not JSON (after 4 attempts): "Maintenance"',
		);
	});

	it('points at the credential on a 401', () => {
		expect(
			describeFailure({ kind: 'http', status: 401, detail: 'Token invalid' }, context('read'))
				.message,
		).toMatch(/^Authentication failed: Token invalid\. Check the API key/);
		// The service's own full stop is kept, not doubled.
		expect(
			describeFailure(
				{ kind: 'http', status: 401, detail: 'Authentication credentials were not provided.' },
				context('read'),
			).message,
		).toMatch(
			/^Authentication failed: Authentication credentials were not provided\. Check the API key/,
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
