/**
 * n8n's Retry of a failed execution, in real n8n (regular mode, SQLite), is a new execution: the
 * references the Pay node recorded in n8n's database keep it from sending again what the failed
 * one sent. Five transfers from one webhook call, the 3rd refused by the sandbox; then the
 * execution is retried through n8n's REST API, as the editor's "Retry" button does. And four
 * transfers whose 3rd was carried out but answered 500, while the transfer list could not be read:
 * the Retry asks the service, finds the 3rd sent, and sends the 4th once.
 */
import { writeFileSync } from 'fs';
import { join } from 'path';

import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import {
	SANDBOX_CREDENTIAL_ID,
	SANDBOX_CREDENTIAL_NAME,
} from '../../scripts/n8nRuntime/credential';
import { importWorkflow, publishWorkflow } from '../../scripts/n8nRuntime/n8nCli';
import { N8N_NEWEST, N8N_OLDEST } from '../../scripts/n8nRuntime/releases';
import type { N8nRelease } from '../../scripts/n8nRuntime/releases';
import { TRANSFER_FROM_ITEMS } from '../harness/parameters';
import { E2E_PORT, prepareLocalN8n } from './localN8n';
import type { LocalN8n } from './localN8n';
import { executionsOf, logIn, postToWebhook, waitForExecutions } from './n8nRest';

jest.setTimeout(120_000);

const WORKFLOW_ID = 'payE2eRetryPayouts';
const WEBHOOK_PATH = 'e2e-retry-payouts';

function payoutsWorkflow(): object {
	return {
		id: WORKFLOW_ID,
		name: 'E2E: five transfers, then Retry',
		nodes: [
			{
				id: 'b3f0c1de-0000-4000-8000-000000000001',
				name: 'Payouts Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: 'b3f0c1de-0000-4000-8000-0000000000aa',
				parameters: { httpMethod: 'POST', path: WEBHOOK_PATH, options: {} },
			},
			{
				id: 'b3f0c1de-0000-4000-8000-000000000002',
				name: 'One Item per Payout',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [220, 0],
				parameters: { fieldToSplitOut: 'body.payouts', options: {} },
			},
			{
				id: 'b3f0c1de-0000-4000-8000-000000000003',
				name: 'Send Transfer',
				type: 'n8n-nodes-pay.pay',
				typeVersion: 1,
				position: [440, 0],
				parameters: TRANSFER_FROM_ITEMS,
				credentials: { payApi: { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME } },
			},
		],
		connections: {
			'Payouts Webhook': { main: [[{ node: 'One Item per Payout', type: 'main', index: 0 }]] },
			'One Item per Payout': { main: [[{ node: 'Send Transfer', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

describe.each([
	{ release: N8N_NEWEST, port: E2E_PORT + 16 },
	{ release: N8N_OLDEST, port: E2E_PORT + 18 },
])(
	'n8n $release.version, regular mode',
	({ release, port }: { release: N8nRelease; port: number }) => {
		let sandbox: Sandbox;
		let n8n: LocalN8n;

		beforeAll(async () => {
			sandbox = await startSandbox({ port: 0 });
			n8n = await prepareLocalN8n(sandbox, {
				folder: `e2e-retry-${release.version}`,
				port,
				release,
			});
			const file = join(n8n.instance.userFolder, 'retry-payouts.json');
			writeFileSync(file, JSON.stringify(payoutsWorkflow()));
			await importWorkflow(n8n.instance, file);
			await publishWorkflow(n8n.instance, WORKFLOW_ID);
			await n8n.start();
		}, 30 * 60_000);

		afterAll(async () => {
			await n8n?.stop();
			await sandbox?.close();
		}, 60_000);

		/** Posts the payouts to the workflow's webhook: the execution it started, once ended. */
		async function executionOfWebhookCall(cookie: string, payouts: object[]) {
			const earlier = new Set(
				(await executionsOf(n8n.baseUrl, cookie, WORKFLOW_ID)).map((execution) => execution.id),
			);
			const earlierWebhookRuns = (await executionsOf(n8n.baseUrl, cookie, WORKFLOW_ID)).filter(
				(execution) => execution.mode === 'webhook',
			).length;
			const called = await postToWebhook(`${n8n.baseUrl}/webhook/${WEBHOOK_PATH}`, { payouts });
			expect(called.status).toBe(200);
			const executions = await waitForExecutions(
				n8n.baseUrl,
				cookie,
				WORKFLOW_ID,
				earlierWebhookRuns + 1,
				'webhook',
				60_000,
			);
			const started = executions.find((execution) => !earlier.has(execution.id));
			if (!started) throw new Error('the webhook call started no execution');
			return started;
		}

		it('Retry of the execution whose 3rd transfer was refused: the 1st and 2nd reach the sandbox once, the 3rd to 5th once', async () => {
			const cookie = await logIn(n8n.baseUrl);
			const payouts = [1, 2, 3, 4, 5].map((n) => ({ to: 'friend', amount: n * 1000 }));
			const friendBefore = (await sandbox.control.account('friend')).balance;
			await sandbox.control.injectFault({
				route: 'POST /send/',
				after: 2,
				status: 400,
				failure: { error: 'Saldo insuficiente' },
			});
			const called = await postToWebhook(`${n8n.baseUrl}/webhook/${WEBHOOK_PATH}`, { payouts });
			expect(called.status).toBe(200);
			const [failed] = await waitForExecutions(n8n.baseUrl, cookie, WORKFLOW_ID, 1);
			expect(failed.status).toBe('error');
			expect(await sandbox.control.count('POST /send/')).toBe(3);

			const retry = await retryThroughRest(n8n.baseUrl, cookie, failed.id);
			expect(retry.status).toBe('success');
			const sent = outputOf(retry, 'Send Transfer');
			expect(sent.map((item) => item.outcome ?? (item.sent === true ? 'sent' : 'other'))).toEqual([
				'already_sent',
				'already_sent',
				'sent',
				'sent',
				'sent',
			]);
			// Three requests before, three in the retry: 1 and 2 were not sent again.
			expect(await sandbox.control.count('POST /send/')).toBe(6);
			expect((await sandbox.control.account('friend')).balance - friendBefore).toBe(
				1000 + 2000 + 3000 + 4000 + 5000,
			);
		});

		it('Retry of the execution stopped by a 3rd transfer of unknown outcome: the service shows it sent, the 4th is sent once', async () => {
			const cookie = await logIn(n8n.baseUrl);
			// Not a reset: it would drop the access token n8n holds, and the 401 that renews it would
			// count as one of the requests before the faulted one.
			await sandbox.control.clearFaults();
			await sandbox.control.resetCounters();
			const payouts = [1, 2, 3, 4].map((n) => ({ to: 'friend', amount: n * 1100 }));
			const friendBefore = (await sandbox.control.account('friend')).balance;
			await sandbox.control.injectFault({
				route: 'POST /send/',
				after: 2,
				status: 500,
				afterProcessing: true,
			});
			await sandbox.control.injectFault({ route: 'GET /send/', status: 503, times: 50 });
			const failed = await executionOfWebhookCall(cookie, payouts);
			expect(failed.status).toBe('error');
			// The 3rd went out (its answer was lost), the 4th was never sent.
			expect(await sandbox.control.count('POST /send/')).toBe(3);

			await sandbox.control.clearFaults();
			const retry = await retryThroughRest(n8n.baseUrl, cookie, failed.id);
			expect(retry.status).toBe('success');
			const sent = outputOf(retry, 'Send Transfer');
			expect(sent.map((item) => item.outcome ?? (item.sent === true ? 'sent' : 'other'))).toEqual([
				'already_sent',
				'already_sent',
				'already_sent',
				'sent',
			]);
			expect(sent[2]).toMatchObject({
				resolved_by: 'GET /send/',
				transfer: { to_user: 'friend', amount: 3300 },
			});
			// Counted from the sandbox: each of the four transfers went out once.
			expect(await sandbox.control.count('POST /send/')).toBe(4);
			expect(
				sandbox.state.transfers
					.map((transfer) => transfer.amount)
					.filter((amount) => amount % 1100 === 0),
			).toEqual([1100, 2200, 3300, 4400]);
			expect((await sandbox.control.account('friend')).balance - friendBefore).toBe(
				1100 + 2200 + 3300 + 4400,
			);
		});
	},
);

/** n8n's Retry of a failed execution, as the editor's "Retry" button asks for it. */
async function retryThroughRest(
	baseUrl: string,
	cookie: string,
	executionId: string,
): Promise<RetriedExecution> {
	const retried = await fetch(`${baseUrl}/rest/executions/${executionId}/retry`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', cookie },
		body: JSON.stringify({ loadWorkflow: false }),
	});
	expect(retried.status).toBe(200);
	return ((await retried.json()) as { data: RetriedExecution }).data;
}

interface RetriedExecution {
	status: string;
	data: unknown;
}

/** The node's output items in the retried execution (its last run: the one the retry made). */
function outputOf(execution: RetriedExecution, node: string): Array<Record<string, unknown>> {
	type Runs = Array<{ data?: { main?: Array<Array<{ json: Record<string, unknown> }>> } }>;
	const data = execution.data as { resultData: { runData: Record<string, Runs> } };
	const runs = data.resultData.runData[node] ?? [];
	return (runs[runs.length - 1]?.data?.main?.[0] ?? []).map((item) => item.json);
}
