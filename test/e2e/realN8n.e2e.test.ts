/**
 * End to end in a real n8n (the pinned 2.8.4), with the package installed as users install it:
 * every example workflow executed with `n8n execute`, callbacks from the sandbox starting active
 * trigger workflows, a forged callback starting nothing, the calls the editor makes for this
 * package (credential Test, the bank list), and the editor opened in a browser.
 * The first run on a machine installs n8n (about 5-10 minutes); later runs reuse it.
 */
import { join } from 'path';
import type { Page } from 'playwright-core';

import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { executeWorkflow } from '../../scripts/n8nRuntime/n8nCli';
import { LOCAL_OWNER } from '../../scripts/n8nRuntime/owner';
import { SANDBOX_CREDENTIAL_ID, SANDBOX_CREDENTIAL_NAME } from '../../scripts/n8nRuntime/credential';
import { REPO_ROOT } from '../../scripts/n8nRuntime/paths';
import { createPayment, login } from '../sandbox/apiClient';
import { launchBrowser } from './browser';
import { E2E_CALLBACK_SECRET, prepareLocalN8n } from './localN8n';
import type { LocalN8n } from './localN8n';
import { executionsOf, listSearch, logIn, testCredential, waitForExecutions } from './n8nRest';

let sandbox: Sandbox;
let n8n: LocalN8n;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
	n8n = await prepareLocalN8n(sandbox);
}, 30 * 60_000);

afterAll(async () => {
	await n8n?.stop();
	await sandbox?.close();
}, 60_000);

jest.setTimeout(120_000);

describe('example workflows run with `n8n execute`', () => {
	it('invoicing: one payment link per row, in a table', async () => {
		const result = await executeWorkflow(n8n.instance, 'payExampleInvoicing');
		expect(result.errors).toEqual({});
		expect(result.status).toBe('success');
		const table = result.outputs['Links Table'];
		expect(table.map((row) => row.invoice)).toEqual(['INV-1001', 'INV-1002', 'INV-1003']);
		for (const row of table) expect(row.link).toBe(`${sandbox.baseUrl}/_sandbox/checkout/${row.slug}`);
		const payments = await sandbox.control.payments();
		expect(payments.map((payment) => payment.amount).sort((a, b) => a - b)).toEqual([50000, 80000.5, 125000]);
		expect(new URL(payments[0].callback).searchParams.get('token')).toBe(E2E_CALLBACK_SECRET);
	});

	it('card on file: the card is stored as typed (decrypted by the sandbox), charged, and the payment reads paid', async () => {
		const result = await executeWorkflow(n8n.instance, 'payExampleCardOnFile');
		expect(result.errors).toEqual({});
		expect(result.outputs['Check Payment'][0]).toMatchObject({ state_label: 'paid', payment_method: 'credit_card' });
		expect(result.outputs['Register Card'][0]).toMatchObject({ last4: '1111' });
		expect(JSON.stringify(result.raw)).not.toContain('4111111111111111');
		const [card] = await sandbox.control.cards();
		expect(card).toMatchObject({ number: '4111111111111111', expiration: '12/30', chargedCvvs: ['123'] });
	});

	it('verification and transfer: codes verified, balance sent once, listed', async () => {
		const result = await executeWorkflow(n8n.instance, 'payExampleVerifyAndTransfer');
		expect(result.errors).toEqual({});
		expect(result.outputs['List Transfers'][0]).toMatchObject({ from_user: 'demo', to_user: 'friend', amount: 1000 });
		expect((await sandbox.control.account('friend')).balance).toBe(1000);
		expect(await sandbox.control.count('POST /send/')).toBe(1);
	});

	it('payout: the withdrawal is created with its callback pointing at the Pay Trigger', async () => {
		const result = await executeWorkflow(n8n.instance, 'payExamplePayout');
		expect(result.errors).toEqual({});
		expect(result.outputs.Withdraw[0]).toMatchObject({ amount: 20000, key_value: '@demo.payouts', state_label: 'created' });
		const [withdrawal] = await sandbox.control.withdrawals();
		expect(withdrawal.callback).toBe(`${n8n.baseUrl}/webhook/pay-payout/pay?token=${E2E_CALLBACK_SECRET}`);
	});
});

describe('in the running n8n: callbacks, the editor\'s calls, the editor', () => {
	let cookie: string;

	beforeAll(async () => {
		await n8n.start();
		cookie = await logIn(n8n.baseUrl);
	}, 5 * 60_000);

	it('a payment paid in the sandbox starts the reconciliation workflow, verified with the API', async () => {
		const client = await login(sandbox);
		const created = await createPayment(client, { callback: `${n8n.baseUrl}/webhook/pay-reconciliation/pay?token=${E2E_CALLBACK_SECRET}` });
		await sandbox.control.resetCounters();
		await sandbox.control.pay(created.url as string);
		const executions = await waitForExecutions(n8n.baseUrl, cookie, 'payExampleReconciliation', 1);
		expect(executions[0]).toMatchObject({ mode: 'webhook', status: 'success' });
		// The trigger re-read the object, then the workflow's "Read Payment" did.
		expect(await sandbox.control.count('GET /pay_detail/{url}')).toBe(2);
		const delivery = (await sandbox.control.callbacks()).find((callback) => callback.body.url === created.url);
		expect(delivery?.status).toBe(200);
	});

	it('a withdrawal status change starts the payout workflow', async () => {
		const [withdrawal] = await sandbox.control.withdrawals();
		await sandbox.control.advanceWithdrawal(withdrawal.id);
		const executions = await waitForExecutions(n8n.baseUrl, cookie, 'payExamplePayout', 1);
		expect(executions[0]).toMatchObject({ mode: 'webhook', status: 'success' });
	});

	it('a forged callback (wrong or missing secret) is refused with 401 and starts nothing', async () => {
		const before = (await executionsOf(n8n.baseUrl, cookie, 'payExampleReconciliation')).length;
		const body = JSON.stringify({ payed: true, url: 'forged1', state: 3, amount: '1.00' });
		for (const query of ['?token=wrong-secret', '']) {
			const response = await fetch(`${n8n.baseUrl}/webhook/pay-reconciliation/pay${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
			expect(response.status).toBe(401);
		}
		await new Promise((resolve) => setTimeout(resolve, 1500));
		expect((await executionsOf(n8n.baseUrl, cookie, 'payExampleReconciliation')).length).toBe(before);
	});

	it('the credential dialog\'s Test says the sandbox credential works, names a wrong API key without showing it, and a wrong Base URL', async () => {
		const credential = (data: Record<string, unknown>) => ({ id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME, type: 'payApi', data });
		const stored = { baseUrl: sandbox.baseUrl, apiKey: sandbox.demo.apiKey, authMethod: 'refreshToken', refreshToken: sandbox.demo.refreshToken };
		await sandbox.control.resetCounters();
		expect(await testCredential(n8n.baseUrl, cookie, credential(stored))).toEqual({ status: 'OK', message: expect.any(String) });
		// n8n obtained a token with the credential's preAuthentication, then made the test read.
		expect(await sandbox.control.count('POST /token/refresh/')).toBe(1);
		expect(await sandbox.control.count('GET /send/')).toBe(1);

		const wrongKey = 'wrong-api-key-e2e-0123456789';
		const refused = await testCredential(n8n.baseUrl, cookie, credential({ ...stored, apiKey: wrongKey }));
		expect(refused.status).toBe('Error');
		expect(refused.message).toMatch(/access token.*API key/);
		for (const secret of [wrongKey, sandbox.demo.apiKey, sandbox.demo.refreshToken]) expect(refused.message).not.toContain(secret);

		// A Base URL that leads elsewhere (here: n8n itself) is named as such, not blamed on the key.
		const elsewhere = await testCredential(n8n.baseUrl, cookie, credential({ ...stored, baseUrl: n8n.baseUrl }));
		expect(elsewhere).toEqual({ status: 'Error', message: expect.stringMatching(/no token endpoint.*Check the Base URL/) });
	});

	it('the Bank field of Pay with Bank Debit lists the sandbox\'s banks, without the prompt row, and filters as the user types', async () => {
		const request = {
			nodeType: 'n8n-nodes-pay.pay',
			path: 'parameters.bank',
			methodName: 'searchBanks',
			currentNodeParameters: { resource: 'checkout', operation: 'payWithPse' },
			credentials: { payApi: { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME } },
		};
		const all = await listSearch(n8n.baseUrl, cookie, request);
		expect(all.results).toContainEqual({ name: 'BANCOLOMBIA', value: '1007' });
		expect(all.results.map((bank) => bank.value)).not.toContain('0');
		expect((await listSearch(n8n.baseUrl, cookie, { ...request, filter: 'bogo' })).results).toEqual([{ name: 'BANCO DE BOGOTA', value: '1001' }]);
	});

	it('the editor opens the invoicing workflow and the Pay node panel without console errors (screenshots in docs/)', async () => {
		await inSignedInPage(async (page) => {
			// Collected once logged in: the sign-in page itself probes the session and gets a 401 by design.
			const consoleErrors: string[] = [];
			const failedRequests: string[] = [];
			page.on('console', (message) => {
				if (message.type() === 'error') consoleErrors.push(message.text());
		});
		page.on('pageerror', (error) => consoleErrors.push(String(error)));
		page.on('response', (response) => {
			if (response.status() >= 400) failedRequests.push(`HTTP ${response.status()} ${response.url()}`);
		});

		await page.goto(`${n8n.baseUrl}/workflow/payExampleInvoicing`);
		const payNode = page.locator('[data-test-id="canvas-node"]', { hasText: 'Create Payment Link' }).first();
		await payNode.waitFor({ timeout: 30_000 });
		await page.waitForTimeout(1000);
		await page.screenshot({ path: join(REPO_ROOT, 'docs', 'screenshots', 'invoicing-workflow.png') });
		await payNode.dblclick();
		await page.getByText('Payment Methods', { exact: true }).first().waitFor({ timeout: 15_000 });
		await page.getByText('Payer Redirect URL', { exact: true }).first().waitFor();
		await page.waitForTimeout(1000);
		await page.screenshot({ path: join(REPO_ROOT, 'docs', 'screenshots', 'pay-node-panel.png') });
		// n8n 2.8.4 asks for output schemas of some of its own core nodes that it does not ship
		// (e.g. /schemas/n8n-nodes-base.splitOut/1.0.0.json): not ours, so not counted. Everything
		// else — and anything about this package — fails the test.
		const ignorable = (request: string) => /^HTTP 404 .*\/schemas\/n8n-nodes-base\./.test(request);
		expect(failedRequests.filter((request) => !ignorable(request))).toEqual([]);
		const unexplained404s = failedRequests.filter(ignorable).length;
		const loadFailures = consoleErrors.filter((text) => /^Failed to load resource: the server responded with a status of 404/.test(text));
		expect(loadFailures.length).toBeLessThanOrEqual(unexplained404s);
		expect(consoleErrors.filter((text) => !loadFailures.includes(text))).toEqual([]);
		});
	});

	it('the canvas names the Pay Trigger\'s events in words, not their internal values', async () => {
		await inSignedInPage(async (page) => {
			await page.goto(`${n8n.baseUrl}/workflow/payExampleReconciliation`);
			const trigger = page.locator('[data-test-id="canvas-node"]', { hasText: 'Payment Callback' }).first();
			await trigger.waitFor({ timeout: 30_000 });
			await expect(trigger.innerText()).resolves.toContain('On payment paid, payment state changed');
		});
	});

	it('the payout example\'s note is right about which trigger n8n preselects (it tells users to pick Start)', async () => {
		await inSignedInPage(async (page) => {
			await page.goto(`${n8n.baseUrl}/workflow/payExamplePayout`);
			await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 30_000 });
			// n8n ranks app triggers above its Manual Trigger; should that change, the note must too.
			await expect(page.locator('[data-test-id="execute-workflow-button"]').innerText()).resolves.toContain('from Withdrawal Callback');
			await expect(page.locator('[data-test-id="sticky"]', { hasText: 'Payout' }).innerText()).resolves.toMatch(/Pick Start in the ▾/);
		});
	});

	it('the editor keeps a typed amount as typed, so a fraction reaches the Withdraw node\'s check instead of being rounded', async () => {
		await inSignedInPage(async (page) => {
			await page.goto(`${n8n.baseUrl}/workflow/payExamplePayout`);
			await page.locator('[data-test-id="canvas-node"]', { hasText: 'Withdraw' }).first().dblclick();
			const amount = page.locator('[data-test-id="parameter-input-amount"] input').first();
			await amount.fill('2500.4');
			await page.keyboard.press('Tab');
			// With numberPrecision 0 the editor showed, and stored, 2500.
			await expect(amount.inputValue()).resolves.toBe('2500.4');
		});
	});
});

/** A browser page of the running n8n, signed in as the owner; the browser is closed afterwards. */
async function inSignedInPage(use: (page: Page) => Promise<void>): Promise<void> {
	const browser = await launchBrowser();
	try {
		const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
		await page.goto(`${n8n.baseUrl}/signin`);
		await page.locator('input[name=emailOrLdapLoginId]').fill(LOCAL_OWNER.email);
		await page.locator('input[type=password]').fill(LOCAL_OWNER.password);
		await page.keyboard.press('Enter');
		await page.waitForURL((url) => !url.pathname.includes('signin'), { timeout: 30_000 });
		await use(page);
	} finally {
		await browser.close();
	}
}
