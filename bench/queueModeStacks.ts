/**
 * The two n8n set-ups the queue-mode row compares, both n8n 2.41.1 on its Node with this package
 * installed as users install it, the same workflows published, the credential pointing at the
 * benchmarks' sandbox: queue mode as the queue-mode tests start it (test/queueMode/: PostgreSQL
 * and Redis from Debian's packages, a main process, two webhook processes, two workers), and one
 * n8n in regular mode on SQLite. Each is asked for a workflow's one execution once it has ended:
 * queue mode through its main process's REST API (the workers, which run the executions, are other
 * processes), regular mode from its SQLite database (bench/executionRecords.ts), so that asking
 * does not load the process that runs the execution.
 */
import type { ChildProcess } from 'child_process';
import { join } from 'path';

import type { SandboxEndpoint } from '../sandbox';
import { importWorkflows, startServer, stopServer } from '../scripts/n8nRuntime/n8nCli';
import { ensureOwner } from '../scripts/n8nRuntime/owner';
import { N8N_HOST } from '../scripts/n8nRuntime/paths';
import { logIn } from '../test/e2e/n8nRest';
import { executionDetail, executionsOf, flatted } from '../test/queueMode/executions';
import { publishThroughEditor } from '../test/queueMode/n8nQueue';
import { startQueueServices } from '../test/queueMode/queueStack';
import { writeWorkflows } from '../test/queueMode/workflows';
import type { QueueWorkflow } from '../test/queueMode/workflows';
import { preparedInstance } from './benchInstance';
import { ExecutionRecords } from './executionRecords';
import { BENCH_CALLBACK_SECRET } from './n8nRuntime';

/**
 * Ports of their own, so that the row runs beside the queue-mode tests (5800…, Redis 6390,
 * PostgreSQL 5442): n8n's queue-mode processes from PAY_QUEUE_PORT (6600-6631), Redis and
 * PostgreSQL; the regular-mode n8n on PAY_BENCH_QUEUE_REGULAR_PORT (its task broker 10 above, the
 * CLI's 11 above, an inspector that nothing opens 12 above).
 */
const QUEUE_PORTS = {
	n8n: Number(process.env.PAY_QUEUE_PORT ?? 6600),
	redis: Number(process.env.PAY_QUEUE_REDIS_PORT ?? 6690),
	postgres: Number(process.env.PAY_QUEUE_POSTGRES_PORT ?? 6692),
};
const REGULAR_PORT = Number(process.env.PAY_BENCH_QUEUE_REGULAR_PORT ?? 6700);

export type ModeName = 'queue' | 'regular';

/** A workflow's execution once it has ended, with its Pay node's ("Send") one run. */
export interface EndedExecution {
	id: string;
	status: string;
	/** The Pay node's execution time, as n8n recorded it. */
	sendMs: number;
	/** The Pay node's output items. */
	items: Array<Record<string, unknown>>;
	/** The process that ran it (queue mode: the worker whose log says so). */
	ranOn: string;
}

export interface ModeUnderTest {
	name: ModeName;
	/** Where the workflow's webhook is posted; queue mode alternates its webhook processes. */
	webhookUrl(workflow: QueueWorkflow, serial: number): string;
	/** The workflow's first execution to have ended, if one has. */
	endedExecution(workflowId: string): Promise<EndedExecution | undefined>;
	stop(): Promise<void>;
}

const hasEnded = (status: string) => !['new', 'running', 'waiting'].includes(status);

export async function startQueueMode(
	sandbox: SandboxEndpoint,
	workflows: QueueWorkflow[],
): Promise<ModeUnderTest> {
	const log = (line: string) => console.log(line);
	const services = await startQueueServices(sandbox, {
		workflows,
		name: 'bench-queue',
		ports: QUEUE_PORTS,
		log,
	});
	const { n8n } = services;
	return {
		name: 'queue',
		webhookUrl: (workflow, serial) =>
			`${n8n.webhookUrls[serial % n8n.webhookUrls.length]}${workflow.webhookPath}`,
		async endedExecution(workflowId) {
			const ended = (await executionsOf(n8n.baseUrl, n8n.cookie, workflowId)).find((execution) =>
				hasEnded(execution.status),
			);
			if (!ended) return undefined;
			const detail = await executionDetail(n8n.baseUrl, n8n.cookie, ended.id);
			const times = detail.nodeTimes.Send;
			return {
				id: detail.id,
				status: detail.status,
				sendMs: times ? times.end - times.start : NaN,
				items: detail.outputs.Send ?? [],
				ranOn: n8n.workerRunning(detail.id)?.name ?? 'a worker',
			};
		},
		stop: services.stop,
	};
}

export async function startRegularMode(
	sandbox: SandboxEndpoint,
	workflows: QueueWorkflow[],
): Promise<ModeUnderTest> {
	const instance = await preparedInstance(sandbox, {
		folder: 'bench-queue-regular',
		port: REGULAR_PORT,
		inspector: `${N8N_HOST}:${REGULAR_PORT + 12}`,
		callbackSecret: BENCH_CALLBACK_SECRET,
	});
	const folder = join(instance.userFolder, 'workflows');
	writeWorkflows(folder, workflows);
	const files = workflows.map((workflow) => join(folder, `${workflow.id}.json`));
	await importWorkflows(instance, files, join(instance.userFolder, 'workflows.json'));
	// Opened once the import made the database, before n8n starts, so that n8n is stopped whatever
	// fails after.
	const records = new ExecutionRecords(instance.userFolder);
	let server: ChildProcess | undefined;
	const stop = async () => {
		records.close();
		if (server) await stopServer(server);
	};
	const baseUrl = `http://${N8N_HOST}:${REGULAR_PORT}`;
	try {
		server = await startServer(instance, join(instance.userFolder, 'n8n.log'));
		await ensureOwner(baseUrl);
		const cookie = await logIn(baseUrl);
		for (const workflow of workflows) await publishThroughEditor(baseUrl, cookie, workflow.id);
	} catch (error) {
		await stop();
		throw error;
	}
	const { parse } = flatted();
	return {
		name: 'regular',
		webhookUrl: (workflow) => `${baseUrl}${workflow.webhookPath}`,
		async endedExecution(workflowId) {
			if (records.finishedCount(workflowId) === 0) return undefined;
			const [ended] = records.finished(workflowId, 'Batch', parse);
			const send = records.runDataOf(ended.id, parse).Send?.[0];
			return {
				id: ended.id,
				status: ended.status,
				sendMs: send ? send.executionTime : NaN,
				items: (send?.data?.main?.[0] ?? []).map((item) => item.json),
				ranOn: 'the main process',
			};
		},
		stop,
	};
}
