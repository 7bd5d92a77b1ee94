/**
 * The Pay Trigger's repeat records in a real n8n (regular mode, SQLite): a started event's record
 * reaches n8n's database, two events arriving at the same moment both stay recorded, and after a
 * restart of n8n (which forgets everything the trigger held in memory) the same callbacks, sent
 * again within the window, start nothing. Counted through n8n's REST API executions list.
 * Ports: PAY_E2E_PORT + 85 and + 100 (and the task-broker ports 10 and 11 above each).
 */
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { paymentCallbackBody } from '../../sandbox/callbacks';
import type { PaymentObject } from '../../sandbox/model';
import { N8N_NEWEST, N8N_OLDEST } from '../../scripts/n8nRuntime/releases';
import type { N8nRelease } from '../../scripts/n8nRuntime/releases';
import { createPayment, login } from '../sandbox/apiClient';
import { E2E_CALLBACK_SECRET, E2E_PORT, prepareLocalN8n } from './localN8n';
import type { LocalN8n } from './localN8n';
import { executionsOf, logIn, waitForExecutions, workflowStaticData } from './n8nRest';
import { savedRepeatRecords } from '../harness/savedRepeatRecords';

jest.setTimeout(180_000);

const WORKFLOW = 'payExampleReconcile';
const TRIGGER_DATA = 'node:Payment Callback';

describe.each([
	{ release: N8N_NEWEST, port: E2E_PORT + 85 },
	{ release: N8N_OLDEST, port: E2E_PORT + 100 },
])(
	'Pay Trigger repeats in n8n $release.version',
	({ release, port }: { release: N8nRelease; port: number }) => {
		let sandbox: Sandbox;
		let n8n: LocalN8n;
		let cookie: string;
		/** The paid callbacks sent so far, to send again after the restart. */
		const sent: Array<{ key: string; body: Record<string, unknown> }> = [];

		beforeAll(async () => {
			sandbox = await startSandbox({ port: 0 });
			n8n = await prepareLocalN8n(sandbox, {
				folder: `e2e-repeats-${release.version}`,
				port,
				release,
			});
			await startN8n();
		}, 30 * 60_000);

		afterAll(async () => {
			await n8n?.stop();
			await sandbox?.close();
		}, 60_000);

		/**
		 * A payment paid in the sandbox and the callback the service sends for it (the
		 * sandbox's own goes nowhere).
		 */
		async function paidCallback(): Promise<{ key: string; body: Record<string, unknown> }> {
			const client = await login(sandbox);
			const created = await createPayment(client, { callback: 'http://127.0.0.1:9/closed' });
			const slug = created.url as string;
			await sandbox.control.pay(slug);
			const body = paymentCallbackBody(sandbox.state.payments.get(slug) as PaymentObject);
			return { key: `payment:${slug}:3`, body };
		}

		async function post(body: Record<string, unknown>): Promise<{ status: number; json: unknown }> {
			const response = await fetch(
				`${n8n.baseUrl}/webhook/pay-reconciliation/pay?token=${E2E_CALLBACK_SECRET}`,
				{
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify(body),
				},
			);
			return { status: response.status, json: await response.json() };
		}

		/**
		 * n8n answers its health check before it has registered the active workflows' webhooks (404
		 * until then): a callback without the secret is refused (401) by the trigger once it is there.
		 */
		async function untilWebhookRegistered(): Promise<void> {
			const deadline = Date.now() + 60_000;
			for (;;) {
				const response = await fetch(`${n8n.baseUrl}/webhook/pay-reconciliation/pay`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: '{}',
				});
				await response.arrayBuffer();
				if (response.status !== 404) return;
				if (Date.now() > deadline) throw new Error('the Pay Trigger webhook was never registered');
				await new Promise((resolve) => setTimeout(resolve, 250));
			}
		}

		async function startN8n(): Promise<void> {
			await n8n.start();
			cookie = await logIn(n8n.baseUrl);
			await untilWebhookRegistered();
		}

		const webhookRuns = async () =>
			(await executionsOf(n8n.baseUrl, cookie, WORKFLOW)).filter(
				(execution) => execution.mode === 'webhook',
			).length;

		/**
		 * The repeat records n8n's database holds for the trigger, once every
		 * key is there or after 10 s.
		 */
		async function recordsInDatabase(keys: string[]): Promise<Record<string, unknown>> {
			const deadline = Date.now() + 10_000;
			for (;;) {
				const seen = savedRepeatRecords(
					(await workflowStaticData(n8n.baseUrl, cookie, WORKFLOW))[TRIGGER_DATA],
				);
				if (keys.every((key) => key in seen) || Date.now() > deadline) return seen;
				await new Promise((resolve) => setTimeout(resolve, 250));
			}
		}

		it("one callback, then two different ones arriving at the same moment: one execution each, and all three records reach n8n's database", async () => {
			const single = await paidCallback();
			expect(await post(single.body)).toEqual({ status: 200, json: { received: true } });
			await waitForExecutions(n8n.baseUrl, cookie, WORKFLOW, 1);
			const pair = [await paidCallback(), await paidCallback()];
			const answers = await Promise.all(pair.map(async (callback) => await post(callback.body)));
			expect(answers).toEqual([
				{ status: 200, json: { received: true } },
				{ status: 200, json: { received: true } },
			]);
			await waitForExecutions(n8n.baseUrl, cookie, WORKFLOW, 3);
			sent.push(single, ...pair);
			const keys = sent.map((callback) => callback.key);
			expect(Object.keys(await recordsInDatabase(keys))).toEqual(expect.arrayContaining(keys));
		});

		it('ten different callbacks arriving at the same moment: ten executions, and all ten records reach the database', async () => {
			const ten: Array<{ key: string; body: Record<string, unknown> }> = [];
			for (let n = 0; n < 10; n++) ten.push(await paidCallback());
			const answers = await Promise.all(ten.map(async (callback) => await post(callback.body)));
			expect(answers).toEqual(ten.map(() => ({ status: 200, json: { received: true } })));
			await waitForExecutions(n8n.baseUrl, cookie, WORKFLOW, 13);
			sent.push(...ten);
			const keys = ten.map((callback) => callback.key);
			expect(Object.keys(await recordsInDatabase(keys))).toEqual(expect.arrayContaining(keys));
		});

		it('after a restart of n8n (nothing left in memory), every one of them sent again within the window starts nothing', async () => {
			expect(sent).toHaveLength(13);
			await n8n.stop();
			await startN8n();
			const before = await webhookRuns();
			const answers = await Promise.all(sent.map(async (callback) => await post(callback.body)));
			expect(answers).toEqual(
				sent.map((callback) => ({
					status: 200,
					json: { received: true, note: `repeat of ${callback.key}` },
				})),
			);
			// Given the time an execution would take to appear.
			await new Promise((resolve) => setTimeout(resolve, 3000));
			expect(await webhookRuns()).toBe(before);
		});
	},
);
