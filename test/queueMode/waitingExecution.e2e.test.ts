/**
 * Payment → Create and Wait for Payment in n8n 2.41.1's queue mode (issue 36): started through one
 * webhook process, the execution waits holding no worker; the link's callback is the waiting node's
 * resume URL on the public webhook address (WEBHOOK_URL = the first webhook process, as a load
 * balancer would route it); a forged callback through either webhook process is refused and the
 * execution waits on; the sandbox's own callback, once the link is paid, resumes it through the
 * webhook process, which puts it on the queue, and a worker finishes it, once. Which process did
 * what is read from n8n's own log lines ("Enqueued execution N (job J)", "Worker started/finished
 * execution N (job J)"): n8n 2.41.1 keeps no worker id on the execution. Same ports as
 * queueMode.e2e.test.ts (run one at a time).
 */
import type { Sandbox } from '../../sandbox';
import type { ControlPayment } from '../../sandbox/controlViews';
import { postJson } from '../e2e/n8nRest';
import { AFTER_THE_WAIT, createAndWaitWorkflow } from '../e2e/waitingWorkflows';
import { executionDetail, executionsOf, settledExecutions } from './executions';
import { QUEUE_CALLBACK_SECRET } from './n8nQueue';
import type { QueueN8n } from './n8nQueue';
import { startQueueStack } from './queueStack';
import type { QueueStack } from './queueStack';
import type { QueueWorkflow } from './workflows';

jest.setTimeout(180_000);

const log = (line: string) => console.log(line);

const WAIT_FOR_LINK: QueueWorkflow = {
	id: 'queueWaitForLink',
	webhookPath: '/webhook/queue-wait-for-link',
	json: createAndWaitWorkflow('queueWaitForLink', 'queue-wait-for-link') as Record<string, unknown>,
};

let stack: QueueStack;
let sandbox: Sandbox;
let n8n: QueueN8n;

beforeAll(async () => {
	stack = await startQueueStack({
		workflows: [WAIT_FOR_LINK],
		name: 'queue-waiting',
		publicWebhooks: 'webhook-1',
		log,
	});
	({ sandbox, n8n } = stack);
}, 30 * 60_000);

afterAll(async () => {
	await stack?.stop();
}, 120_000);

/** A queue job as n8n's log names it, with the process that wrote the line. */
interface LoggedJob {
	process: string;
	job: string;
}

/**
 * The jobs n8n's log lines name for the execution, by what was said: `Enqueued`, `Worker started`…
 */
function jobsOf(executionId: string, said: string): LoggedJob[] {
	return n8n.logLines(`${said} execution ${executionId} (job `).map(({ process, line }) => ({
		process,
		job: /\(job (\d+)\)/.exec(line)?.[1] ?? '?',
	}));
}

async function newestExecution(status: string, timeoutMs = 60_000): Promise<{ id: string }> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const [newest] = await executionsOf(n8n.baseUrl, n8n.cookie, WAIT_FOR_LINK.id);
		if (newest?.status === status) return newest;
		if (Date.now() > deadline) throw new Error(`the newest execution is ${newest?.status}`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** Whether the main process has stored the Start webhook where the webhook processes look it up. */
async function webhookStored(): Promise<boolean> {
	const rows = await stack.postgres.sql(
		`select count(*) from webhook_entity where "webhookPath" = 'queue-wait-for-link'`,
	);
	return Number(rows.trim()) > 0;
}

/**
 * Starts the workflow through a webhook process. Twice in 3 runs the webhook process answered 404
 * "not registered" right after the publish had returned (the row was there a moment later), and
 * asked again on the same kept-alive connection it was reset: neither starts anything, so it is
 * asked again (a second execution would fail the test's count).
 */
async function startThrough(webhookUrl: string, body: object): Promise<number | string> {
	const deadline = Date.now() + 60_000;
	for (let attempt = 1; ; attempt++) {
		const status = await postJson(`${webhookUrl}${WAIT_FOR_LINK.webhookPath}`, body).catch(
			(error: Error) => `${error.message} (${String((error.cause as Error)?.message)})`,
		);
		if (status === 200 || Date.now() > deadline) return status;
		log(`start, attempt ${attempt}: ${status}; webhook stored: ${await webhookStored()}`);
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
	const deadline = Date.now() + 60_000;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

describe('Create and Wait for Payment in queue mode', () => {
	it('resumed through a webhook process by the paid link, it finishes on a worker, once', async () => {
		const linksCreated = await sandbox.control.count('POST /pay/');
		const { id, link, firstJob } = await startedAndWaiting();
		await expectForgedCallbacksRefused(id, link);
		await expectPaidAndFinishedOnce(id, link);
		expectResumeQueuedByWebhookAndRunOnWorker(id, firstJob);
		// At the service: one link; its callback delivered once, answered 200.
		expect((await sandbox.control.count('POST /pay/')) - linksCreated).toBe(1);
		const delivered = (await sandbox.control.callbacks()).filter(
			(delivery) => delivery.url === link.callback,
		);
		expect(delivered.map((delivery) => delivery.status)).toEqual([200]);
	});
});

/**
 * Started through the second webhook process (the resume must come through the first): waiting,
 * its link's callback on the public webhook address, its first part run on a worker and ended.
 */
async function startedAndWaiting(): Promise<{
	id: string;
	link: ControlPayment;
	firstJob: LoggedJob;
}> {
	const payments = (await sandbox.control.payments()).length;
	await until('the Start webhook stored', webhookStored);
	const started = await startThrough(n8n.webhookUrls[1], {
		amount: 50000,
		invoice: 'INV-QUEUE-WAIT-1',
	});
	expect(started).toBe(200);
	const { id } = await newestExecution('waiting');
	const created = await sandbox.control.payments();
	expect(created).toHaveLength(payments + 1);
	const link = created[created.length - 1];
	const callback = new URL(link.callback ?? '');
	expect(callback.origin).toBe(n8n.webhookUrls[0]);
	// Bound to the waiting node (Pay and Wait), as n8n's send-and-wait nodes bind theirs.
	const nodeId = `c4a1e2f0-0000-4000-8000-${WAIT_FOR_LINK.id.slice(-4)}00000002`;
	expect(callback.pathname).toBe(`/webhook-waiting/${id}/${nodeId}`);
	// The first part ran on a worker and ended there: nothing holds a worker while waiting.
	const [firstJob] = jobsOf(id, 'Enqueued');
	expect(jobsOf(id, 'Enqueued')).toEqual([{ process: 'webhook-2', job: firstJob.job }]);
	expect(jobsOf(id, 'Worker started')).toEqual([
		{ process: expect.stringMatching(/^worker-/), job: firstJob.job },
	]);
	return { id, link, firstJob };
}

/**
 * Forged: a wrong token through either webhook process, and the credential's Callback Secret; the
 * right token for a link the service shows unpaid is answered "still waiting" (200) after the node
 * read it again for a few seconds. The execution waits on, queued once.
 */
async function expectForgedCallbacksRefused(id: string, link: ControlPayment): Promise<void> {
	const forged = link.callback!.replace(/token=[^&]+/, 'token=forged');
	expect(forged).not.toBe(link.callback);
	const secret = link.callback!.replace(/token=[^&]+/, `token=${QUEUE_CALLBACK_SECRET}`);
	const body = { url: link.slug, state: 3, payed: true };
	expect(await postJson(forged, body)).toBe(401);
	expect(await postJson(forged.replace(n8n.webhookUrls[0], n8n.webhookUrls[1]), body)).toBe(401);
	expect(await postJson(secret, body)).toBe(401);
	expect(await postJson(link.callback!, body)).toBe(200);
	expect((await executionDetail(n8n.baseUrl, n8n.cookie, id)).status).toBe('waiting');
	expect(jobsOf(id, 'Enqueued')).toHaveLength(1);
}

/** The sandbox pays the link and posts its callback to the URL the link holds: one success. */
async function expectPaidAndFinishedOnce(id: string, link: ControlPayment): Promise<void> {
	await sandbox.control.pay(link.slug);
	const finished = await newestExecution('success');
	expect(finished.id).toBe(id);
	const all = await settledExecutions(n8n.baseUrl, n8n.cookie, WAIT_FOR_LINK.id);
	expect(all.map((execution) => [execution.id, execution.status])).toEqual([[id, 'success']]);

	const detail = await executionDetail(n8n.baseUrl, n8n.cookie, id);
	log(`runs per node: ${JSON.stringify(detail.runs)}`);
	expect(detail.runs).toEqual({ Start: 1, 'Pay and Wait': 1, [AFTER_THE_WAIT]: 1 });
	expect(detail.outputs[AFTER_THE_WAIT]).toHaveLength(1);
	expect(detail.outputs[AFTER_THE_WAIT][0]).toMatchObject({
		payment_outcome: 'paid',
		paid: true,
		slug: link.slug,
		state: 3,
	});
	expect(JSON.stringify(detail.outputs)).not.toContain(QUEUE_CALLBACK_SECRET);
}

/** The resume: queued by the first webhook process (the callback's), run to the end by a worker. */
function expectResumeQueuedByWebhookAndRunOnWorker(id: string, firstJob: LoggedJob): void {
	const enqueued = jobsOf(id, 'Enqueued');
	const ranOn = jobsOf(id, 'Worker started');
	const finishedOn = jobsOf(id, 'Worker finished');
	log(`execution ${id}: enqueued ${JSON.stringify(enqueued)}, started ${JSON.stringify(ranOn)}`);
	expect(enqueued).toHaveLength(2);
	const resumeJob = enqueued.find((entry) => entry.job !== firstJob.job);
	expect(resumeJob?.process).toBe('webhook-1');
	expect(ranOn).toHaveLength(2);
	const resumedOn = ranOn.find((entry) => entry.job === resumeJob?.job);
	expect(resumedOn?.process).toMatch(/^worker-/);
	expect(finishedOn).toContainEqual(resumedOn);
	expect(n8n.logLines(`execution ${id} (job `).map((entry) => entry.process)).not.toContain('main');
}
