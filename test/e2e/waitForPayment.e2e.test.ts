/**
 * Waiting inside one execution, in real n8n 2.41.1 and 2.8.4 (regular mode, SQLite): Create and
 * Wait for Payment goes on with the paid link when the sandbox pays it (n8n answering the
 * service's callback 200), after refusing a forged one and surviving a restart of n8n; a read that
 * lags behind the callback, a Callback Secret changed while waiting and a second waiting node in
 * the same execution all end on the service's word; at its time limit it goes on with its input;
 * the invoice example with 3-second waits takes a link whose callback was lost to "Paid" after one
 * wait; Withdraw and Wait for Final Status waits through "in process" and goes on at "deposited".
 * Ports: PAY_E2E_PORT + 300 and + 315 (and the task-broker ports 10 and 11 above each).
 */
import { writeFileSync } from 'fs';
import { join } from 'path';

import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { importWorkflow, publishWorkflow } from '../../scripts/n8nRuntime/n8nCli';
import { N8N_NEWEST, N8N_OLDEST } from '../../scripts/n8nRuntime/releases';
import type { N8nRelease } from '../../scripts/n8nRuntime/releases';
import {
	SANDBOX_CREDENTIAL_ID,
	SANDBOX_CREDENTIAL_NAME,
} from '../../scripts/n8nRuntime/credential';
import { invoiceWaitingThreeSeconds } from './extraWorkflows';
import { E2E_CALLBACK_SECRET, E2E_PORT, prepareLocalN8n } from './localN8n';
import type { LocalN8n } from './localN8n';
import {
	executionIn,
	executionItems,
	executionsOf,
	logIn,
	newestExecutionIn,
	postJson as postCallback,
	postToWebhook,
	updateCredential,
} from './n8nRest';
import type { ExecutionSummary } from './n8nRest';
import {
	AFTER_THE_WAIT,
	createAndWaitWorkflow,
	limitThenReadWorkflow,
	READ_AFTER_THE_LIMIT,
	SECOND_WAIT,
	twoWaitsWorkflow,
	withdrawAndWaitWorkflow,
} from './waitingWorkflows';

jest.setTimeout(240_000);

/** An execution waiting for a link: its id, and the link's slug and callback URL. */
interface WaitingRun {
	id: string;
	slug: string;
	callback: string;
}

const LINK = { id: 'payE2eWaitLink', path: 'e2e-wait-link' };
const LIMIT = { id: 'payE2eWaitLimit', path: 'e2e-wait-limit' };
const PAYOUT = { id: 'payE2eWaitPayout', path: 'e2e-wait-payout' };
const TWO = { id: 'payE2eWaitTwo', path: 'e2e-wait-two' };
const LOST = {
	id: 'payE2eWaitLost',
	path: 'e2e-wait-lost-callback',
	webhookId: '6d1c2b7e-3f4a-4c5d-9e8f-7a6b5c4d3e77',
};
const SECOND_WAIT_ID = `c4a1e2f0-0000-4000-8000-${TWO.id.slice(-4)}0000000e`;
/** The id of the waiting node of the workflows of waitingWorkflows.ts (`Pay and Wait`). */
const waitingNodeId = (workflowId: string) =>
	`c4a1e2f0-0000-4000-8000-${workflowId.slice(-4)}00000002`;

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

		/** The callback URL the service holds for the newest link (the waiting node's resume URL). */
		async function newestLink(): Promise<{ slug: string; callback: string }> {
			const payments = await sandbox.control.payments();
			const newest = payments[payments.length - 1];
			return { slug: newest.slug, callback: newest.callback ?? '' };
		}

		/** Starts the workflow; its new execution once it waits, and the link it waits for. */
		async function startWaiting(workflow: { id: string; path: string }, body: object) {
			const earlier = (await executionsOf(n8n.baseUrl, cookie, workflow.id)).map(({ id }) => id);
			await start(workflow, body);
			const waiting = await execution(workflow.id, 'waiting');
			expect(earlier).not.toContain(waiting.id);
			return { id: waiting.id, ...(await newestLink()) };
		}

		/** n8n's answer to the service's callbacks for a link, as the sandbox recorded them. */
		async function deliveryStatuses(slug: string): Promise<Array<number | string | undefined>> {
			const deadline = Date.now() + 15_000;
			for (;;) {
				const deliveries = (await sandbox.control.callbacks()).filter((c) => c.body.url === slug);
				const settled = deliveries.every((c) => c.status !== undefined || c.error || c.dropped);
				if (settled || Date.now() > deadline)
					return deliveries.map((c) => (c.dropped ? 'dropped' : (c.status ?? c.error)));
				await new Promise((resolve) => setTimeout(resolve, 200));
			}
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
				[TWO, twoWaitsWorkflow(TWO.id, TWO.path)],
				[LOST, invoiceWaitingThreeSeconds(n8n, sandbox.baseUrl, LOST)],
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

		it("goes on with the paid link, n8n answering the service's callback 200; a forged callback is refused", async () => {
			await start(LINK, { amount: 50000, invoice: `INV-${release.version}-1` });
			const waiting = await execution(LINK.id, 'waiting');
			const link = await newestLink();
			expect(link.callback).toContain(`/webhook-waiting/${waiting.id}/${waitingNodeId(LINK.id)}?`);
			expect(link.callback).not.toContain(E2E_CALLBACK_SECRET);

			const claim = { url: link.slug, state: 3, payed: true };
			const forged = link.callback.replace(/token=[^&]+/, 'token=wrong');
			const withSecret = link.callback.replace(/token=[^&]+/, `token=${E2E_CALLBACK_SECRET}`);
			expect(await postCallback(forged, claim)).toBe(401);
			expect(await postCallback(withSecret, claim)).toBe(401);
			// The right token, but the service shows the link open: read again, then still waiting.
			expect(await postCallback(link.callback, claim)).toBe(200);
			expect((await executionsOf(n8n.baseUrl, cookie, LINK.id))[0].status).toBe('waiting');

			await sandbox.control.pay(link.slug);
			const finished = await execution(LINK.id, 'success');
			expect(finished.id).toBe(waiting.id);
			expect(await deliveryStatuses(link.slug)).toEqual([200]);
			const [item] = await executionItems(n8n.baseUrl, cookie, finished.id, AFTER_THE_WAIT);
			expect(item).toMatchObject({
				payment_outcome: 'paid',
				paid: true,
				slug: link.slug,
				state: 3,
			});
			expect(JSON.stringify(item)).not.toContain(E2E_CALLBACK_SECRET);
		});

		it('goes on as paid when the service reads the link behind its callback', async () => {
			await sandbox.control.settings({ detailLagMs: 1500 });
			try {
				await start(LINK, { amount: 52000, invoice: `INV-${release.version}-lag` });
				const waiting = await execution(LINK.id, 'waiting');
				const link = await newestLink();
				await sandbox.control.pay(link.slug);
				const finished = await execution(LINK.id, 'success');
				expect(finished.id).toBe(waiting.id);
				expect(await deliveryStatuses(link.slug)).toEqual([200]);
				const [item] = await executionItems(n8n.baseUrl, cookie, finished.id, AFTER_THE_WAIT);
				expect(item).toMatchObject({ payment_outcome: 'paid', slug: link.slug });
			} finally {
				await sandbox.control.settings({ detailLagMs: 0 });
			}
		});

		it('goes on after the Callback Secret was changed while it waited', async () => {
			await start(LINK, { amount: 53000, invoice: `INV-${release.version}-secret` });
			const waiting = await execution(LINK.id, 'waiting');
			const link = await newestLink();
			await updateCredential(n8n.baseUrl, cookie, SANDBOX_CREDENTIAL_ID, {
				name: SANDBOX_CREDENTIAL_NAME,
				type: 'payApi',
				data: {
					baseUrl: sandbox.baseUrl,
					apiKey: sandbox.demo.apiKey,
					authMethod: 'refreshToken',
					refreshToken: sandbox.demo.refreshToken,
					pageBaseUrl: `${sandbox.baseUrl}/_sandbox/checkout`,
					callbackSecret: `changed-while-waiting-${release.version}-0123456789`,
				},
			});
			await sandbox.control.pay(link.slug);
			const finished = await execution(LINK.id, 'success');
			expect(finished.id).toBe(waiting.id);
			expect(await deliveryStatuses(link.slug)).toEqual([200]);
		});

		it('with two waiting nodes in one execution, each is resumed by its own callback only', async () => {
			const invoice = `INV-${release.version}-two`;
			await start(TWO, { amount: 54000, invoice });
			const first = await execution(TWO.id, 'waiting');
			const firstLink = await newestLink();
			await sandbox.control.pay(firstLink.slug);
			// The first goes on, and the second node creates its link and waits.
			const deadline = Date.now() + 30_000;
			let secondLink = await newestLink();
			while (secondLink.slug === firstLink.slug && Date.now() < deadline) {
				await new Promise((resolve) => setTimeout(resolve, 250));
				secondLink = await newestLink();
			}
			const second = await execution(TWO.id, 'waiting');
			expect(second.id).toBe(first.id);
			expect(secondLink.callback).toContain(`/${first.id}/${SECOND_WAIT_ID}?`);

			const firstClaim = { url: firstLink.slug, state: 3, payed: true };
			// The first link's callback again: n8n finds no such waiting node now.
			expect(await postCallback(firstLink.callback, firstClaim)).toBe(404);
			const firstToken = new URL(firstLink.callback).searchParams.get('token') ?? '';
			const secondUrl = new URL(secondLink.callback);
			secondUrl.searchParams.set('token', firstToken);
			expect(await postCallback(secondUrl.toString(), firstClaim)).toBe(401);
			expect((await executionsOf(n8n.baseUrl, cookie, TWO.id))[0].status).toBe('waiting');

			await sandbox.control.pay(secondLink.slug);
			const finished = await execution(TWO.id, 'success');
			expect(finished.id).toBe(first.id);
			const items = async (node: string) =>
				await executionItems(n8n.baseUrl, cookie, finished.id, node);
			expect(await items('Pay and Wait')).toEqual([
				expect.objectContaining({ payment_outcome: 'paid', slug: firstLink.slug }),
			]);
			expect(await items(SECOND_WAIT)).toEqual([
				expect.objectContaining({ payment_outcome: 'paid', slug: secondLink.slug }),
			]);
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

		describe('at the end of a time limit, which n8n notices on its pass over waiting executions (about once a minute)', () => {
			// Started together, so one of n8n's passes resumes all three: one after another, each
			// waited for a pass of its own, about a minute each.
			let limit: WaitingRun;
			let lost: WaitingRun;
			let again: WaitingRun;
			const lostInvoice = `INV-${release.version}-lost`;
			const againInvoice = `INV-${release.version}-again`;

			beforeAll(async () => {
				limit = await startWaiting(LIMIT, { amount: 30000, invoice: `INV-${release.version}-3` });
				lost = await startWaiting(LOST, { invoice: lostInvoice, amount: 56000 });
				await sandbox.control.dropCallbacks(lost.slug);
				await sandbox.control.pay(lost.slug);
				again = await startWaiting(LOST, { invoice: againInvoice, amount: 57000 });
			}, 120_000);

			it('goes on with its input, and the link can still be read', async () => {
				const finished = await executionIn(n8n.baseUrl, cookie, LIMIT.id, 'success', {
					executionId: limit.id,
					timeoutMs: 150_000,
				});
				const [item] = await executionItems(n8n.baseUrl, cookie, finished.id, AFTER_THE_WAIT);
				expect(item).not.toHaveProperty('payment_outcome');
				expect(item).toMatchObject({ body: { invoice: `INV-${release.version}-3` } });
				const [read] = await executionItems(n8n.baseUrl, cookie, finished.id, READ_AFTER_THE_LIMIT);
				expect(read).toMatchObject({ payment_outcome: 'open', slug: limit.slug, state: 0 });
			}, 200_000);

			it('takes a link whose callback was lost to "Paid" after one wait (the invoice example, 3-second waits)', async () => {
				const finished = await executionIn(n8n.baseUrl, cookie, LOST.id, 'success', {
					executionId: lost.id,
					timeoutMs: 150_000,
				});
				expect(await deliveryStatuses(lost.slug)).toEqual(['dropped']);
				const paid = await executionItems(n8n.baseUrl, cookie, finished.id, 'Mark Invoice Paid');
				expect(paid).toEqual([
					expect.objectContaining({ invoice: lostInvoice, status: 'paid', slug: lost.slug }),
				]);
				expect(await executionItems(n8n.baseUrl, cookie, finished.id, 'Follow Up')).toEqual([]);
			}, 200_000);

			it('while the link stays open, waits again in Get Links Waited For, whose callback then resumes it at once (the invoice example, 3-second waits)', async () => {
				// After the first wait, Read Again, Wait While Open (node w9) points the callback at
				// itself.
				const deadline = Date.now() + 150_000;
				let callback = again.callback;
				while (!new URL(callback).pathname.endsWith('/w9') && Date.now() < deadline) {
					await new Promise((resolve) => setTimeout(resolve, 500));
					callback = (await sandbox.control.payment(again.slug)).callback ?? '';
				}
				expect(new URL(callback).pathname).toBe(`/webhook-waiting/${again.id}/w9`);
				const waitingAgain = { executionId: again.id, timeoutMs: 0 };
				await executionIn(n8n.baseUrl, cookie, LOST.id, 'waiting', waitingAgain);
				await sandbox.control.pay(again.slug);
				const finished = await executionIn(n8n.baseUrl, cookie, LOST.id, 'success', {
					executionId: again.id,
					timeoutMs: 15_000,
				});
				expect(await deliveryStatuses(again.slug)).toEqual([200]);
				const paid = await executionItems(n8n.baseUrl, cookie, finished.id, 'Mark Invoice Paid');
				expect(paid).toEqual([
					expect.objectContaining({ invoice: againInvoice, status: 'paid', slug: again.slug }),
				]);
			}, 200_000);
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
