/**
 * Waiting inside one execution, in real n8n 2.41.1 and 2.8.4 (regular mode, SQLite): Create and
 * Wait for Payment goes on with the paid link when the sandbox pays it, after refusing a forged
 * callback and surviving a restart of n8n; at its time limit it goes on with its input; Withdraw
 * and Wait for Final Status waits through "in process" and goes on at "deposited".
 * Ports: PAY_E2E_PORT + 300 and + 315 (and the task-broker ports 10 and 11 above each).
 */
import { writeFileSync } from 'fs';
import { join } from 'path';

import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { importWorkflow, publishWorkflow } from '../../scripts/n8nRuntime/n8nCli';
import { N8N_NEWEST, N8N_OLDEST } from '../../scripts/n8nRuntime/releases';
import type { N8nRelease } from '../../scripts/n8nRuntime/releases';
import { E2E_CALLBACK_SECRET, E2E_PORT, prepareLocalN8n } from './localN8n';
import type { LocalN8n } from './localN8n';
import {
	executionItems,
	executionsOf,
	logIn,
	newestExecutionIn,
	postJson as postCallback,
	postToWebhook,
} from './n8nRest';
import type { ExecutionSummary } from './n8nRest';
import {
	AFTER_THE_WAIT,
	createAndWaitWorkflow,
	limitThenReadWorkflow,
	READ_AFTER_THE_LIMIT,
	withdrawAndWaitWorkflow,
} from './waitingWorkflows';

jest.setTimeout(240_000);

const LINK = { id: 'payE2eWaitLink', path: 'e2e-wait-link' };
const LIMIT = { id: 'payE2eWaitLimit', path: 'e2e-wait-limit' };
const PAYOUT = { id: 'payE2eWaitPayout', path: 'e2e-wait-payout' };

describe.each([
	{ release: N8N_NEWEST, port: E2E_PORT + 300 },
	{ release: N8N_OLDEST, port: E2E_PORT + 315 },
])(
	'Waiting for the service in n8n $release.version',
	({ release, port }: { release: N8nRelease; port: number }) => {
		let sandbox: Sandbox;
		let n8n: LocalN8n;
		let cookie: string;

		async function startN8n(): Promise<void> {
			await n8n.start();
			cookie = await logIn(n8n.baseUrl);
		}

		/** The newest execution of the workflow once it is in `status`. */
		async function execution(
			workflowId: string,
			status: string,
			timeoutMs = 30_000,
		): Promise<ExecutionSummary> {
			return await newestExecutionIn(n8n.baseUrl, cookie, workflowId, status, timeoutMs);
		}

		async function start(workflow: { path: string }, body: object): Promise<void> {
			const response = await postToWebhook(`${n8n.baseUrl}/webhook/${workflow.path}`, body);
			expect(response.status).toBe(200);
		}

		/** The callback URL the service holds for the newest link (this execution's resume URL). */
		async function newestLink(): Promise<{ slug: string; callback: string }> {
			const payments = await sandbox.control.payments();
			const newest = payments[payments.length - 1];
			return { slug: newest.slug, callback: newest.callback ?? '' };
		}

		beforeAll(async () => {
			sandbox = await startSandbox({ port: 0 });
			await sandbox.control.settings({ withdrawalStepMs: 0 });
			n8n = await prepareLocalN8n(sandbox, {
				folder: `e2e-wait-${release.version}`,
				port,
				release,
			});
			for (const [workflow, json] of [
				[LINK, createAndWaitWorkflow(LINK.id, LINK.path)],
				[LIMIT, limitThenReadWorkflow(LIMIT.id, LIMIT.path)],
				[PAYOUT, withdrawAndWaitWorkflow(PAYOUT.id, PAYOUT.path)],
			] as const) {
				const file = join(n8n.instance.userFolder, `${workflow.id}.json`);
				writeFileSync(file, JSON.stringify(json));
				await importWorkflow(n8n.instance, file);
				await publishWorkflow(n8n.instance, workflow.id);
			}
			await startN8n();
		}, 30 * 60_000);

		afterAll(async () => {
			await n8n?.stop();
			await sandbox?.close();
		}, 60_000);

		it('goes on with the paid link; a forged callback is refused and the execution waits on', async () => {
			await start(LINK, { amount: 50000, invoice: `INV-${release.version}-1` });
			const waiting = await execution(LINK.id, 'waiting');
			const link = await newestLink();
			expect(link.callback).toContain(`/webhook-waiting/${waiting.id}`);

			const forgedSecret = link.callback.replace(/token=[^&]+/, 'token=wrong');
			expect(await postCallback(forgedSecret, { url: link.slug, state: 3, payed: true })).toBe(401);
			// The right secret, but a state the service does not confirm (the link is not paid).
			expect(await postCallback(link.callback, { url: link.slug, state: 3, payed: true })).toBe(
				401,
			);
			expect((await executionsOf(n8n.baseUrl, cookie, LINK.id))[0].status).toBe('waiting');

			await sandbox.control.pay(link.slug);
			const finished = await execution(LINK.id, 'success');
			expect(finished.id).toBe(waiting.id);
			const [item] = await executionItems(n8n.baseUrl, cookie, finished.id, AFTER_THE_WAIT);
			expect(item).toMatchObject({
				payment_outcome: 'paid',
				paid: true,
				slug: link.slug,
				state: 3,
			});
			expect(JSON.stringify(item)).not.toContain(E2E_CALLBACK_SECRET);
		});

		it('resumes after n8n was restarted while waiting', async () => {
			await start(LINK, { amount: 70000, invoice: `INV-${release.version}-2` });
			const waiting = await execution(LINK.id, 'waiting');
			const link = await newestLink();
			await n8n.stop();
			await startN8n();
			await sandbox.control.pay(link.slug);
			const finished = await execution(LINK.id, 'success');
			expect(finished.id).toBe(waiting.id);
			const [item] = await executionItems(n8n.baseUrl, cookie, finished.id, AFTER_THE_WAIT);
			expect(item).toMatchObject({ payment_outcome: 'paid', slug: link.slug });
		});

		it('at the time limit goes on with its input, and the link can still be read', async () => {
			await start(LIMIT, { amount: 30000, invoice: `INV-${release.version}-3` });
			const waiting = await execution(LIMIT.id, 'waiting');
			const finished = await execution(LIMIT.id, 'success', 150_000);
			expect(finished.id).toBe(waiting.id);
			const [item] = await executionItems(n8n.baseUrl, cookie, finished.id, AFTER_THE_WAIT);
			expect(item).not.toHaveProperty('payment_outcome');
			expect(item).toMatchObject({ body: { invoice: `INV-${release.version}-3` } });
			const link = await newestLink();
			const [read] = await executionItems(n8n.baseUrl, cookie, finished.id, READ_AFTER_THE_LIMIT);
			expect(read).toMatchObject({ payment_outcome: 'open', slug: link.slug, state: 0 });
		});

		it('waits through a withdrawal in process and goes on when it is deposited', async () => {
			const before = (await sandbox.control.withdrawals()).length;
			await start(PAYOUT, { amount: 20000, payout: `PAYOUT-${release.version}` });
			const waiting = await execution(PAYOUT.id, 'waiting');
			const withdrawals = await sandbox.control.withdrawals();
			expect(withdrawals).toHaveLength(before + 1);
			const sent = withdrawals[withdrawals.length - 1];

			await sandbox.control.advanceWithdrawal(sent.id, 1);
			await new Promise((resolve) => setTimeout(resolve, 2000));
			expect((await executionsOf(n8n.baseUrl, cookie, PAYOUT.id))[0].status).toBe('waiting');
			const delivered = (await sandbox.control.callbacks()).filter((c) => c.kind === 'withdrawal');
			expect(delivered.length).toBeGreaterThan(0);

			await sandbox.control.advanceWithdrawal(sent.id, 2);
			const finished = await execution(PAYOUT.id, 'success');
			expect(finished.id).toBe(waiting.id);
			const [item] = await executionItems(n8n.baseUrl, cookie, finished.id, AFTER_THE_WAIT);
			expect(item).toMatchObject({ withdrawal_outcome: 'deposited', settled: true, state: 2 });
			expect(await sandbox.control.withdrawals()).toHaveLength(before + 1);
		});
	},
);
