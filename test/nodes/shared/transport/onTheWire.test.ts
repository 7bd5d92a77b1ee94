/**
 * The credential and the transport through n8n's engine against the sandbox: the access token is
 * obtained once and reused, renewed once on a 401, a pasted token works, every kind of failure body
 * gives a clear message, safe reads are retried honouring Retry-After, and no secret leaks.
 */
import type { Sandbox } from '../../../../sandbox';
import { TestCredentialsHelper } from '../../../harness/credentialsHelper';
import { loadBuiltPackage } from '../../../harness/loadPackage';
import { runPayNode } from '../../../harness/runWorkflow';
import { sandboxCredentials, secretsOf } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';

let sandbox: Sandbox;

useSandboxPerFile((started) => (sandbox = started));

const estimate = { resource: 'payment', operation: 'estimateFees', amount: '={{ $json.amount }}' };
const items = (count: number) =>
	Array.from({ length: count }, (_, index) => ({ amount: 1000 * (index + 1) }));
const WITHDRAW = {
	resource: 'withdrawal',
	operation: 'withdraw',
	amount: 1000,
	keyValue: '@payee',
	accountHolderName: 'Ana',
	accountType: '8',
	callbackUrl: '',
};
const PASTED_USER = { username: 'owner', password: 'pa55-w0rd-never-shown' };

async function freshHelper(): Promise<TestCredentialsHelper> {
	return new TestCredentialsHelper((await loadBuiltPackage()).credentialTypes);
}

describe('access token', () => {
	it('is obtained once and shared by every item and by later runs', async () => {
		const helper = await freshHelper();
		const first = await runPayNode({
			parameters: estimate,
			input: items(5),
			credentials: sandboxCredentials(sandbox),
			credentialsHelper: helper,
		});
		expect(first.items).toHaveLength(5);
		await runPayNode({
			parameters: estimate,
			input: items(3),
			credentials: sandboxCredentials(sandbox),
			credentialsHelper: helper,
		});
		expect(await sandbox.control.count('POST /token/refresh/')).toBe(1);
		expect(await sandbox.control.count('POST /pay/estimate/')).toBe(8);
	});

	it('is renewed once when the service answers 401, and the request goes through', async () => {
		const helper = await freshHelper();
		await runPayNode({
			parameters: estimate,
			input: items(1),
			credentials: sandboxCredentials(sandbox),
			credentialsHelper: helper,
		});
		await sandbox.control.expireTokens();
		const { items: out, error } = await runPayNode({
			parameters: estimate,
			input: items(3),
			credentials: sandboxCredentials(sandbox),
			credentialsHelper: helper,
		});
		expect(error).toBeUndefined();
		expect(out.map((item) => item.json.amount)).toEqual([1000, 2000, 3000]);
		expect(await sandbox.control.count('POST /token/refresh/')).toBe(2);
		expect(helper.preAuthenticationCalls.filter((call) => call.refreshed)).toHaveLength(2);
	});

	it('is obtained once, and renewed once, when many items run at the same time', async () => {
		const helper = await freshHelper();
		const concurrent = { ...estimate, requestOptions: { concurrency: 10 } };
		const first = await runPayNode({
			parameters: concurrent,
			input: items(10),
			credentials: sandboxCredentials(sandbox),
			credentialsHelper: helper,
		});
		expect(first.items.map((item) => item.json.amount)).toEqual(
			items(10).map((item) => item.amount),
		);
		expect(await sandbox.control.count('POST /token/refresh/')).toBe(1);
		await sandbox.control.expireTokens();
		const { items: out, error } = await runPayNode({
			parameters: concurrent,
			input: items(10),
			credentials: sandboxCredentials(sandbox),
			credentialsHelper: helper,
		});
		expect(error).toBeUndefined();
		expect(out.map((item) => item.json.amount)).toEqual(items(10).map((item) => item.amount));
		expect(await sandbox.control.count('POST /token/refresh/')).toBe(2);
		expect(await sandbox.control.count('POST /pay/estimate/')).toBeLessThanOrEqual(30);
	});

	it('works with a pasted access token, and says so plainly when it has expired', async () => {
		const access = (await (
			await fetch(`${sandbox.baseUrl}/token/refresh/`, {
				method: 'POST',
				headers: { 'x-api-key': sandbox.demo.apiKey, 'content-type': 'application/json' },
				body: JSON.stringify({ refresh: sandbox.demo.refreshToken }),
			})
		).json()) as { access: string };
		const credentials = sandboxCredentials(sandbox, sandbox.demo, {
			authMethod: 'accessToken',
			accessToken: access.access,
			refreshToken: '',
		});
		const ok = await runPayNode({ parameters: estimate, input: items(1), credentials });
		expect(ok.items[0].json.amount).toBe(1000);
		await sandbox.control.expireTokens();
		const expired = await runPayNode({ parameters: estimate, input: items(1), credentials });
		expect(expired.error?.message).toMatch(
			/^The fee estimate: authentication failed \(HTTP 401\): Token is invalid or expired/,
		);
		expect(expired.error?.message).not.toContain(access.access);
	});

	it('reports a wrong refresh token without echoing it', async () => {
		const credentials = sandboxCredentials(sandbox, sandbox.demo, {
			refreshToken: 'wrong-refresh-token-123456',
		});
		const { error } = await runPayNode({ parameters: estimate, input: items(1), credentials });
		expect(error?.message).toMatch(/access token/i);
		expect(JSON.stringify(error)).not.toContain('wrong-refresh-token-123456');
	});
	it('names the Base URL when it leads to no token endpoint, and sends nothing that moves money', async () => {
		const credentials = sandboxCredentials(sandbox, sandbox.demo, {
			baseUrl: `${sandbox.baseUrl}/not-the-api`,
		});
		const {
			items: [item],
		} = await runPayNode({
			parameters: WITHDRAW as never,
			input: items(1),
			credentials,
			settings: { continueOnFail: true },
		});
		expect(item.json).toMatchObject({
			outcome: 'not_sent',
			error: expect.stringMatching(/no token endpoint .*HTTP 404.*Check the Base URL/),
		});
		expect(await sandbox.control.count('POST /withdraw/co/')).toBe(0);
	});

	it.each([
		['a user name and password', (url: URL) => Object.assign(url, PASTED_USER)],
		['a query', (url: URL) => Object.assign(url, { search: '?env=sandbox' })],
		['a fragment', (url: URL) => Object.assign(url, { hash: '#/dashboard' })],
	])(
		'refuses a Base URL pasted with %s through the whole node: each item not sent, naming the Base URL, and nothing reaches the service',
		async (_form, pasted) => {
			const baseUrl = pasted(new URL(sandbox.baseUrl)).href;
			const before = await sandbox.control.count('POST /token/refresh/');
			const { items: out, error } = await runPayNode({
				parameters: { ...WITHDRAW, keyValue: '={{ $json.key }}' } as never,
				input: [{ key: '@payee-1' }, { key: '@payee-2' }],
				credentials: sandboxCredentials(sandbox, sandbox.demo, { baseUrl }),
				settings: { continueOnFail: true },
			});
			expect(error).toBeUndefined();
			expect(out.map((item) => item.json.outcome)).toEqual(['not_sent', 'not_sent']);
			for (const item of out) expect(item.json.error).toMatch(/Base URL: /);
			expect(JSON.stringify(out)).not.toContain(PASTED_USER.password);
			expect(await sandbox.control.count('POST /token/refresh/')).toBe(before);
			expect(await sandbox.control.count('POST /withdraw/co/')).toBe(0);
		},
	);

	it('takes a Base URL pasted with spaces around it and a trailing slash', async () => {
		const credentials = sandboxCredentials(sandbox, sandbox.demo, {
			baseUrl: ` ${sandbox.baseUrl}/ \n`,
		});
		const list = { resource: 'transfer', operation: 'getAll', returnAll: true };
		const { items: created } = await runPayNode({
			parameters: estimate,
			input: items(1),
			credentials,
		});
		const { error } = await runPayNode({ parameters: list as never, input: items(1), credentials });
		expect(created[0].json).toMatchObject({ amount: 1000 });
		expect(error).toBeUndefined();
		expect(await sandbox.control.count('POST /token/refresh/')).toBe(2);
	});
});

describe('failure bodies and retries of safe reads', () => {
	it.each([
		['an HTML page', { status: 502, body: 'html' as const }, /HTTP 502.*<!DOCTYPE html>|502/],
		['malformed JSON', { body: 'malformed' as const }, /not JSON/],
		['plain text', { status: 400, body: 'text' as const }, /upstream connect error/],
		['the service error body', { status: 400 }, /Injected fault 400/],
	])('gives a clear message for %s', async (_name, fault, message) => {
		await sandbox.control.injectFault({ route: 'POST /pay/estimate/', ...fault, times: 10 });
		const { error } = await runPayNode({
			parameters: { ...estimate, requestOptions: { maxRetries: 1 } },
			input: items(1),
			credentials: sandboxCredentials(sandbox),
		});
		expect(error?.message).toMatch(message);
	});

	it('reads a double-encoded answer', async () => {
		await sandbox.control.injectFault({ route: 'POST /pay/estimate/', body: 'json-string' });
		const { items: out } = await runPayNode({
			parameters: estimate,
			input: items(1),
			credentials: sandboxCredentials(sandbox),
		});
		expect(out[0].json).toMatchObject({ amount: 1000, fee: 929, iva: 176.51 });
	});

	it('retries a 503 after the Retry-After delay and succeeds', async () => {
		await sandbox.control.injectFault({ route: 'POST /pay/estimate/', status: 503, retryAfter: 1 });
		const started = Date.now();
		const { items: out, error } = await runPayNode({
			parameters: estimate,
			input: items(1),
			credentials: sandboxCredentials(sandbox),
		});
		expect(error).toBeUndefined();
		expect(out[0].json.amount).toBe(1000);
		expect(Date.now() - started).toBeGreaterThanOrEqual(950);
		expect(await sandbox.control.count('POST /pay/estimate/')).toBe(2);
	});

	it('gives up after the configured number of retries, saying how many tries were made', async () => {
		await sandbox.control.injectFault({
			route: 'POST /pay/estimate/',
			status: 500,
			retryAfter: 0,
			times: 10,
		});
		const { error } = await runPayNode({
			parameters: { ...estimate, requestOptions: { maxRetries: 2 } },
			input: items(1),
			credentials: sandboxCredentials(sandbox),
		});
		expect(await sandbox.control.count('POST /pay/estimate/')).toBe(3);
		expect(error?.message).toMatch(/3 tries|3 attempts/);
	});

	it('never puts a secret in output or errors of a failing batch', async () => {
		await sandbox.control.injectFault({ route: 'POST /pay/estimate/', status: 500, times: 10 });
		const { run } = await runPayNode({
			parameters: { ...estimate, requestOptions: { maxRetries: 0 } },
			input: items(3),
			credentials: sandboxCredentials(sandbox),
			settings: { continueOnFail: true },
		});
		const text = JSON.stringify(run.data);
		for (const secret of secretsOf(sandbox.demo)) expect(text).not.toContain(secret);
		expect(text).not.toContain('sandbox-access-');
	});
});
