/**
 * Answers that n8n or an HTTP client would misread, with money at stake:
 * - a successful answer with its own `error` field, which n8n takes for a failed item (Retry On
 *   Fail runs the node again and would send the money-moving request a second time);
 * - the spec's failure body `{error, detail}` with a 2xx status (the spec gives no status codes);
 * - a redirect, which would carry the API key elsewhere and turn a POST into a GET;
 * - an idempotent creation whose first attempt lost its answer and whose retry was refused;
 * - failed items with On Error "Continue (using error output)".
 */
import type { Sandbox } from '../../sandbox';
import { runPayNode } from '../harness/runWorkflow';
import { sandboxCredentials } from '../harness/sandboxCredentials';
import { useSandboxPerFile } from '../harness/sandboxPerFile';
import { MATRIX_OPERATIONS } from '../reliability/operations';
import type { CallbackReceiver } from '../sandbox/callbackReceiver';
import { useCallbackReceiverPerFile } from '../sandbox/callbackReceiver';
import { WITHDRAW_TO_PAYEE } from '../harness/parameters';

let sandbox: Sandbox;
let elsewhere: CallbackReceiver;

useSandboxPerFile((started) => (sandbox = started));
useCallbackReceiverPerFile((started) => (elsewhere = started));

const retryOnFail = { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 };

describe.each(MATRIX_OPERATIONS)('$name', (operation) => {
	it.each([
		['null', { resultado: 'ok', error: null }],
		['an empty text', { result: 'OK', error: '' }],
	])(
		'a success whose answer has an "error" field (%s) is one success, sent once, even with Retry On Fail',
		async (_name, answer) => {
			const parameters = await operation.prepare(sandbox);
			await sandbox.control.resetCounters();
			await sandbox.control.injectFault({
				route: operation.route,
				afterProcessing: true,
				body: 'json',
				json: answer,
				times: 5,
			});
			const run = await runPayNode({
				parameters: parameters as never,
				credentials: sandboxCredentials(sandbox),
				settings: retryOnFail,
			});
			expect(run.error).toBeUndefined();
			expect(await sandbox.control.count(operation.route)).toBe(1);
			expect(await operation.carriedOut(sandbox)).toBeLessThanOrEqual(1);
			const [item] = run.items;
			expect(item.json).not.toHaveProperty('error');
			// Kept: as `service_error` where the answer's fields lead the output, as it is where it is
			// nested (`order`, `raw`).
			expect(JSON.stringify(item.json)).toMatch(
				new RegExp(`"(service_)?error":${JSON.stringify(answer.error)}`),
			);
		},
	);

	it("the spec's failure body with a 200 status is a failure with the service's detail, carried out never", async () => {
		const parameters = await operation.prepare(sandbox);
		await sandbox.control.resetCounters();
		const before = await operation.carriedOut(sandbox);
		const detail = 'Saldo insuficiente para esta operación';
		await sandbox.control.injectFault({
			route: operation.route,
			status: 200,
			body: 'json',
			json: { error: 'No se pudo completar la creación', detail },
			times: 5,
		});
		const run = await runPayNode({
			parameters: parameters as never,
			credentials: sandboxCredentials(sandbox),
			settings: { continueOnFail: true },
		});
		const [item] = run.items;
		expect(item.json).toMatchObject({
			// What the node was doing, then the service's words (issue 55, point 4).
			error: expect.stringMatching(
				new RegExp(`^[A-Z].+: the service answered HTTP 200: ${detail}$`),
			),
			detail,
			outcome: operation.route.startsWith('GET') ? 'failed' : 'refused',
			httpCode: '200',
		});
		expect(await sandbox.control.count(operation.route)).toBe(1);
		expect(await operation.carriedOut(sandbox)).toBe(before);
	});

	it('a redirect to another host is not followed: nothing (no key, no token) reaches it, and the item says why', async () => {
		const parameters = await operation.prepare(sandbox);
		await sandbox.control.resetCounters();
		const before = await operation.carriedOut(sandbox);
		await sandbox.control.injectFault({
			route: operation.route,
			status: 307,
			location: elsewhere.url,
			times: 5,
		});
		const run = await runPayNode({
			parameters: parameters as never,
			credentials: sandboxCredentials(sandbox),
			settings: { continueOnFail: true },
		});
		const [item] = run.items;
		expect(item.json.error).toMatch(/^[A-Z].+: the service answered HTTP 307, a redirect to /);
		expect(item.json.error).toContain(`a redirect to ${elsewhere.url}, instead of an answer`);
		expect(item.json.errorDescription).toMatch(/Check the Base URL/);
		expect(item.json.outcome).toBe(operation.route.startsWith('GET') ? 'failed' : 'refused');
		expect(elsewhere.received).toHaveLength(0);
		expect(await sandbox.control.count(operation.route)).toBe(1);
		expect(await operation.carriedOut(sandbox)).toBe(before);
	});
});

describe('redirects elsewhere', () => {
	it('a 302 on a transfer is not followed as a GET that would pass for a sent transfer', async () => {
		await sandbox.control.injectFault({ route: 'POST /send/', status: 302, location: '/send/' });
		const run = await runPayNode({
			parameters: { resource: 'transfer', operation: 'send', recipient: 'friend', amount: 1000 },
			credentials: sandboxCredentials(sandbox),
			settings: { continueOnFail: true },
		});
		expect(run.items[0].json).toMatchObject({ outcome: 'refused', httpCode: '302' });
		expect(run.items[0].json).not.toHaveProperty('sent');
		expect(await sandbox.control.count('GET /send/')).toBe(0);
		expect((await sandbox.control.account('friend')).balance).toBe(0);
	});

	it('a redirected token request sends neither API key nor refresh token on, and says to check the Base URL; nothing is withdrawn', async () => {
		await sandbox.control.injectFault({
			route: 'POST /token/refresh/',
			status: 308,
			location: `${elsewhere.url}/token/refresh/`,
		});
		const run = await runPayNode({
			parameters: { ...WITHDRAW_TO_PAYEE },
			credentials: sandboxCredentials(sandbox),
			settings: { continueOnFail: true },
		});
		expect(run.items[0].json.outcome).toBe('not_sent');
		expect(run.items[0].json.error).toMatch(
			/the Base URL redirects \(HTTP 308 to http:\/\/127\.0\.0\.1:\d+\/hook\/token\/refresh\/\).*Check the Base URL/,
		);
		expect(elsewhere.received).toHaveLength(0);
		expect(await sandbox.control.count('POST /withdraw/co/')).toBe(0);
	});
});

describe('a creation whose first attempt lost its answer', () => {
	it('is reported as outcome unknown when the retry is refused (429), not as "nothing was done"', async () => {
		await sandbox.control.injectFault({ route: 'POST /pay/', status: 502, afterProcessing: true });
		await sandbox.control.injectFault({ route: 'POST /pay/', status: 429, times: 5 });
		const run = await runPayNode({
			parameters: {
				resource: 'payment',
				operation: 'create',
				amount: 1000,
				description: 'lost then limited',
				paymentMethods: ['pse'],
				payerRedirectUrl: 'https://shop.example/thanks',
				callbackUrl: 'https://hooks.example/webhook/pay',
				expirationDays: 1,
				requestOptions: { maxRetries: 1 },
			},
			credentials: sandboxCredentials(sandbox),
			settings: { continueOnFail: true },
		});
		expect(await sandbox.control.payments()).toHaveLength(1);
		expect(run.items[0].json.outcome).toBe('unknown');
		expect(run.items[0].json.error).toMatch(
			/^Outcome unknown: the payment object creation may have been carried out by an earlier attempt whose answer was lost\. The last attempt: The service is limiting requests \(HTTP 429\)/,
		);
		expect(run.items[0].json.errorDescription).toMatch(/idempotency key ref-[0-9a-f]{32}/);
	});
});

describe('On Error: Continue (using error output)', () => {
	it('sends a failed withdrawal to the error output with its outcome, and only the good items to the success output', async () => {
		await sandbox.control.injectFault({
			route: 'POST /withdraw/co/',
			status: 502,
			afterProcessing: true,
		});
		const withdrawal = (keyValue: string) => ({ keyValue });
		const run = await runPayNode({
			parameters: {
				resource: 'withdrawal',
				operation: 'withdraw',
				amount: 1000,
				keyValue: '={{ $json.keyValue }}',
				accountHolderName: 'Payee',
				accountType: '8',
			},
			input: [withdrawal('@first'), withdrawal('@second')],
			credentials: sandboxCredentials(sandbox),
			settings: { errorOutput: true },
		});
		expect(run.error).toBeUndefined();
		expect(run.errorItems).toHaveLength(1);
		// The facts are inside `error`, the one field n8n routes by (behind another node, n8n adds the
		// input item's fields).
		expect(run.errorItems[0].json).toEqual({
			error: {
				message: expect.stringMatching(/^Outcome unknown: the withdrawal/),
				outcome: 'unknown',
				httpCode: '502',
				detail: 'Injected fault 502',
				description: expect.stringMatching(/^Do not simply run it again/),
			},
		});
		expect(run.errorItems[0].pairedItem).toEqual({ item: 0 });
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({ key_value: '@second' });
		expect(await sandbox.control.count('POST /withdraw/co/')).toBe(2);
	});
});
