/**
 * The live service's failure bodies (docs/SERVICE.md, "Failures"): answered by the observed
 * profile, injectable as faults.
 */
import type { Sandbox } from '../../sandbox';
import { errorCode, errorMessage, fieldErrors, resultCode } from '../../sandbox/failureBodies';
import { ERROR_SENTENCE } from '../../sandbox/http';
import { useSandboxWithDemoClient } from './apiClient';
import type { ApiClient } from './apiClient';

let sandbox: Sandbox;
let demo: ApiClient;

useSandboxWithDemoClient(
	{ profile: 'observed' },
	(started, client) => ([sandbox, demo] = [started, client]),
);

describe('observed profile: failure bodies', () => {
	it('answers a refused field check as a field map with 400, no detail', async () => {
		const refused = await demo.call('POST', '/pay/estimate/', { amount: -5 });
		expect(refused.status).toBe(400);
		expect(refused.data).toEqual({ amount: ['Ensure this value is greater than 0.'] });
	});

	it('answers a path holding "//" with 404, without reaching the route', async () => {
		const doubled = await demo.call('POST', '//pay/estimate/', { amount: 1000 });
		expect(doubled.status).toBe(404);
		const inside = await demo.call('GET', '/pay_detail//abc');
		expect(inside.status).toBe(404);
	});

	it.each([
		['{"error": "NOT_FOUND"} with 200', 200, errorCode('NOT_FOUND')],
		['{"result": "error"} with 200', 200, resultCode('error')],
		['a field map with 400', 400, fieldErrors({ amount: 'Not a valid integer.' })],
		['{"result": "LIMIT_BALANCE"} with 403', 403, resultCode('LIMIT_BALANCE')],
		['{"error": true, "msg": …} with 400', 400, errorMessage('unknown payment method')],
	])(
		'injects %s through the control API, and the request is not carried out',
		async (_name, status, body) => {
			await sandbox.control.injectFailure('POST /withdraw/co/', status, body);
			const answer = await demo.call('POST', '/withdraw/co/', {
				amount: 1000,
				account_holder_name: 'Ana',
				account_type: 8,
				key_value: '@ana',
			});
			expect(answer.status).toBe(status);
			expect(answer.data).toEqual(body);
			expect(await sandbox.control.withdrawals()).toEqual([]);
			// Once: the next request is served.
			const next = await demo.call('POST', '/withdraw/co/', {
				amount: 1000,
				account_holder_name: 'Ana',
				account_type: 8,
				key_value: '@ana',
			});
			expect(next.status).toBe(201);
		},
	);

	it('refuses a withdrawal over the balance with {"result": "LIMIT_BALANCE"} (403)', async () => {
		const refused = await demo.call('POST', '/withdraw/co/', {
			amount: 5_000_000,
			account_holder_name: 'Ana',
			account_type: 8,
			key_value: '@ana',
		});
		expect(refused.status).toBe(403);
		expect(refused.data).toEqual({ result: 'LIMIT_BALANCE' });
	});

	it('refuses a fault whose failure body is not an object', async () => {
		await expect(
			sandbox.control.injectFault({ route: 'POST /send/', failure: 'NOT_FOUND' as never }),
		).rejects.toThrow('400');
	});
});

describe("spec profile: failure bodies stay the spec's", () => {
	let spec: Sandbox;
	let client: ApiClient;
	useSandboxWithDemoClient(
		{ profile: 'spec' },
		(started, demoClient) => ([spec, client] = [started, demoClient]),
	);

	it('answers a refused field check with {error, detail}', async () => {
		const refused = await client.call('POST', '/pay/estimate/', { amount: -5 });
		expect(refused.status).toBe(400);
		expect(refused.data).toEqual({
			error: ERROR_SENTENCE,
			detail: 'amount: Ensure this value is greater than 0.',
		});
		expect(spec.profile).toBe('spec');
	});

	it('answers a path holding "//" with 404 too', async () => {
		expect((await client.call('POST', '//pay/estimate/', { amount: 1000 })).status).toBe(404);
	});
});
