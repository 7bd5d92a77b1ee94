/**
 * n8n 2.41.1 in queue mode, as users run it when one process is not enough: a main process (editor,
 * REST API, schedules), two `n8n webhook` processes that take production webhooks and put
 * executions on the queue, and two `n8n worker` processes that run them; PostgreSQL as the shared
 * database, Redis as the queue, one encryption key. The package is installed in every process's
 * user folder as users install it; the credential and the workflows are imported through the CLI.
 * Every process is stopped by its process id.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { join } from 'path';

import type { SandboxEndpoint } from '../../sandbox';
import { writeSandboxCredential } from '../../scripts/n8nRuntime/credential';
import { ensureN8nInstalled } from '../../scripts/n8nRuntime/installN8n';
import { installPackage, packPackage } from '../../scripts/n8nRuntime/installPackage';
import { importCredentials, n8nEnvironment } from '../../scripts/n8nRuntime/n8nCli';
import type { N8nInstance } from '../../scripts/n8nRuntime/n8nCli';
import { ensureOwner } from '../../scripts/n8nRuntime/owner';
import { N8N_HOST, RUNTIME_DIR } from '../../scripts/n8nRuntime/paths';
import { isPortFree } from '../../scripts/n8nRuntime/ports';
import { n8nIsReady } from '../../scripts/n8nRuntime/readiness';
import { N8N_NEWEST, n8nScriptOf, nodeBinaryOf } from '../../scripts/n8nRuntime/releases';
import { run } from '../../scripts/n8nRuntime/run';
import { logIn } from '../e2e/n8nRest';
import type { LocalPostgres } from './postgres';
import { POSTGRES_HOST } from './postgres';
import type { LocalRedis } from './redis';
import { REDIS_HOST } from './redis';
import { spawnLogged, stopPid, waitUntilReady } from './serverProcess';

/** This test's ports (5800-5849): PAY_QUEUE_PORT moves them all when another program holds them. */
export const QUEUE_BASE_PORT = Number(process.env.PAY_QUEUE_PORT ?? 5800);
export const QUEUE_CALLBACK_SECRET = 'queue-callback-secret-0123456789abcdef';

export type QueueRole = 'main' | 'webhook' | 'worker';

export interface QueueProcess {
	role: QueueRole;
	name: string;
	/** The HTTP port: the editor and API (main), webhooks (webhook), the health check (worker). */
	port: number;
	pid: number;
	logFile: string;
}

export interface QueueN8n {
	/** The main process: editor and REST API. */
	baseUrl: string;
	/** A logged-in session cookie of the owner, for the REST API. */
	cookie: string;
	/** One base URL per webhook process. */
	webhookUrls: string[];
	workers: QueueProcess[];
	processes: QueueProcess[];
	/** The worker whose log says it started the execution, once one does. */
	workerRunning(executionId: string): QueueProcess | undefined;
	/** The webhook process whose log says it put the execution on the queue. */
	webhookEnqueuing(executionId: string): QueueProcess | undefined;
	/** Every line of every process's log that contains `text`, with the process that wrote it. */
	logLines(text: string): Array<{ process: string; line: string }>;
	stop(): Promise<void>;
}

export interface QueueN8nOptions {
	sandbox: SandboxEndpoint;
	postgres: LocalPostgres;
	redis: LocalRedis;
	/** A folder of workflow files to import and publish (their triggers listen). */
	workflowFolder: string;
	workflowIds: string[];
	/** Under .n8n-runtime/, wiped first. */
	folder: string;
	/**
	 * Where the URLs n8n builds for webhooks point (WEBHOOK_URL): the main process (the default), or
	 * the first webhook process, as a load balancer that sends webhooks to webhook processes does.
	 */
	publicWebhooks?: 'main' | 'webhook-1';
	/** The main process's port, the others after it (QUEUE_BASE_PORT unless set). */
	basePort?: number;
	log: (line: string) => void;
}

const WEBHOOK_PROCESSES = 2;
const WORKER_PROCESSES = 2;

export async function startQueueN8n(options: QueueN8nOptions): Promise<QueueN8n> {
	const release = N8N_NEWEST;
	await ensureN8nInstalled(release, options.log);
	const since = Date.now();
	const root = join(RUNTIME_DIR, options.folder);
	rmSync(root, { recursive: true, force: true });
	mkdirSync(root, { recursive: true });
	const basePort = options.basePort ?? QUEUE_BASE_PORT;
	const { main, webhooks, workers } = queueInstances(
		root,
		basePort,
		sharedEnvironment(options, basePort),
	);
	for (const instance of [main, ...webhooks, ...workers]) {
		if (!(await isPortFree(N8N_HOST, instance.port)))
			throw new Error(`Port ${instance.port} on ${N8N_HOST} is in use: set PAY_QUEUE_PORT`);
	}
	await installPackageOnce(main, [...webhooks, ...workers]);
	await importCredentialAndWorkflows(main, root, options);
	options.log(`n8n's folders, package, credential and workflows ready in ${seconds(since)} s`);

	const processes: QueueProcess[] = [];
	const stopAll = async () => await stopProcesses(processes);
	try {
		const baseUrl = await startMain(main, processes);
		options.log(`n8n main ready in ${seconds(since)} s`);
		await startWebhooksAndWorkers(webhooks, workers, processes);
		options.log(`n8n webhook and worker processes ready in ${seconds(since)} s`);
		const cookie = await logIn(baseUrl);
		for (const id of options.workflowIds) await publishThroughEditor(baseUrl, cookie, id);
		const workerProcesses = processes.filter((child) => child.role === 'worker');
		const webhookProcesses = processes.filter((child) => child.role === 'webhook');
		return {
			baseUrl,
			cookie,
			webhookUrls: webhooks.map((instance) => `http://${N8N_HOST}:${instance.port}`),
			workers: workerProcesses,
			processes,
			workerRunning: (executionId) =>
				whoseLogSays(workerProcesses, `Worker started execution ${executionId} (`),
			webhookEnqueuing: (executionId) =>
				whoseLogSays(webhookProcesses, `Enqueued execution ${executionId} (`),
			logLines: (text) => linesSaying(processes, text),
			stop: stopAll,
		};
	} catch (error) {
		await stopAll();
		throw error;
	}
}

/** What every process shares: PostgreSQL, Redis, the log level, the public webhook address. */
function sharedEnvironment(options: QueueN8nOptions, basePort: number): NodeJS.ProcessEnv {
	return {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: POSTGRES_HOST,
		DB_POSTGRESDB_PORT: String(options.postgres.port),
		DB_POSTGRESDB_USER: options.postgres.user,
		DB_POSTGRESDB_DATABASE: options.postgres.database,
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: REDIS_HOST,
		QUEUE_BULL_REDIS_PORT: String(options.redis.port),
		QUEUE_HEALTH_CHECK_ACTIVE: 'true',
		// Workers say at info level which execution they start: how a test finds the one to kill.
		N8N_LOG_LEVEL: 'info',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5',
		// One public address for webhooks, as behind a load balancer (the main or a webhook process).
		[N8N_NEWEST.webhookUrlVariable]: `http://${N8N_HOST}:${basePort + (options.publicWebhooks === 'webhook-1' ? 1 : 0)}/`,
	};
}

/**
 * Each process's user folder and ports: main +0, webhooks +1.., workers' health checks after them;
 * task brokers at +20.., the CLI's at +30.
 */
function queueInstances(root: string, basePort: number, shared: NodeJS.ProcessEnv) {
	const instanceOf = (name: string, port: number, brokerPort: number): N8nInstance => ({
		release: N8N_NEWEST,
		userFolder: join(root, name),
		port,
		brokerPort,
		environment: { ...shared, QUEUE_HEALTH_CHECK_PORT: String(port) },
	});
	const main = instanceOf('main', basePort, basePort + 30);
	const webhooks = Array.from({ length: WEBHOOK_PROCESSES }, (_, index) =>
		instanceOf(`webhook-${index + 1}`, basePort + 1 + index, basePort + 21 + index),
	);
	const workers = Array.from({ length: WORKER_PROCESSES }, (_, index) =>
		instanceOf(
			`worker-${index + 1}`,
			basePort + 1 + WEBHOOK_PROCESSES + index,
			basePort + 21 + WEBHOOK_PROCESSES + index,
		),
	);
	return { main, webhooks, workers };
}

/** The package installed once, its nodes folder copied into every other process's user folder. */
async function installPackageOnce(main: N8nInstance, others: N8nInstance[]): Promise<void> {
	mkdirSync(main.userFolder, { recursive: true });
	await installPackage(main.userFolder, await packPackage(main.userFolder));
	for (const instance of others)
		cpSync(join(main.userFolder, '.n8n', 'nodes'), join(instance.userFolder, '.n8n', 'nodes'), {
			recursive: true,
		});
}

/** Through the main process's CLI: the sandbox credential and the test's workflows. */
async function importCredentialAndWorkflows(
	main: N8nInstance,
	root: string,
	options: QueueN8nOptions,
): Promise<void> {
	const credentialFile = join(root, 'credential.json');
	writeSandboxCredential(
		credentialFile,
		options.sandbox.baseUrl,
		options.sandbox.demo,
		QUEUE_CALLBACK_SECRET,
	);
	await importCredentials(main, credentialFile);
	await importWorkflowFolder(main, options.workflowFolder);
}

/** Workers and webhook processes first, so the main process sees them go. */
async function stopProcesses(processes: QueueProcess[]): Promise<void> {
	await Promise.all(
		processes.filter((child) => child.role !== 'main').map((p) => stopPid(p.pid, 'SIGTERM')),
	);
	await Promise.all(
		processes.filter((child) => child.role === 'main').map((p) => stopPid(p.pid, 'SIGTERM')),
	);
}

/** The main process, ready and with its owner account; its base URL. */
async function startMain(main: N8nInstance, processes: QueueProcess[]): Promise<string> {
	const mainProcess = launch('main', 'main', main, ['start']);
	processes.push(mainProcess);
	const baseUrl = `http://${N8N_HOST}:${main.port}`;
	await waitUntilReady(
		'n8n main',
		mainProcess.pid,
		mainProcess.logFile,
		() => n8nIsReady(baseUrl),
		240_000,
	);
	await ensureOwner(baseUrl);
	return baseUrl;
}

/** The webhook processes and the workers, each ready by its health check. */
async function startWebhooksAndWorkers(
	webhooks: N8nInstance[],
	workers: N8nInstance[],
	processes: QueueProcess[],
): Promise<void> {
	const started = [
		...webhooks.map((instance, index) =>
			launch('webhook', `webhook-${index + 1}`, instance, ['webhook']),
		),
		...workers.map((instance, index) =>
			launch('worker', `worker-${index + 1}`, instance, ['worker', '--concurrency=1']),
		),
	];
	processes.push(...started);
	await Promise.all(
		started.map((child) =>
			waitUntilReady(
				`n8n ${child.name}`,
				child.pid,
				child.logFile,
				() => answersOk(`http://${N8N_HOST}:${child.port}/healthz/readiness`),
				240_000,
			),
		),
	);
}

function launch(
	role: QueueRole,
	name: string,
	instance: N8nInstance,
	args: string[],
): QueueProcess {
	mkdirSync(instance.userFolder, { recursive: true });
	const logFile = join(instance.userFolder, 'n8n.log');
	writeFileSync(
		logFile,
		`--- n8n ${args.join(' ')} (${name}) at ${new Date().toISOString()} ---\n`,
	);
	const pid = spawnLogged(
		nodeBinaryOf(instance.release),
		[n8nScriptOf(instance.release), ...args],
		logFile,
		n8nEnvironment(instance),
	);
	return { role, name, port: instance.port, pid, logFile };
}

/**
 * Every workflow of the folder in one import (one CLI start, about 10 s, instead of one per file).
 */
async function importWorkflowFolder(instance: N8nInstance, folder: string): Promise<void> {
	await run(
		nodeBinaryOf(instance.release),
		[n8nScriptOf(instance.release), 'import:workflow', '--separate', `--input=${folder}`],
		{ env: n8nEnvironment(instance, instance.brokerPort + 1) },
	);
}

/**
 * What the editor's Publish button does: the main process registers the workflow's webhooks in the
 * database, where the webhook processes look them up. (`import:workflow --activeState=fromJson`
 * cannot: activated by the CLI before the main process runs, the webhooks stay unregistered.)
 */
export async function publishThroughEditor(
	baseUrl: string,
	cookie: string,
	id: string,
): Promise<void> {
	const read = await fetch(`${baseUrl}/rest/workflows/${id}`, { headers: { cookie } });
	if (!read.ok) throw new Error(`workflow ${id}: HTTP ${read.status}`);
	const { versionId } = ((await read.json()) as { data: { versionId: string } }).data;
	const published = await fetch(`${baseUrl}/rest/workflows/${id}/activate`, {
		method: 'POST',
		headers: { cookie, 'content-type': 'application/json' },
		body: JSON.stringify({ versionId }),
	});
	if (!published.ok)
		throw new Error(
			`publishing ${id}: HTTP ${published.status} ${(await published.text()).slice(0, 300)}`,
		);
}

/** The process whose log has the line (n8n's info-level lines name the execution). */
function whoseLogSays(candidates: QueueProcess[], text: string): QueueProcess | undefined {
	return candidates.find((candidate) => readFileSync(candidate.logFile, 'utf8').includes(text));
}

function linesSaying(
	processes: QueueProcess[],
	text: string,
): Array<{ process: string; line: string }> {
	return processes.flatMap((child) =>
		readFileSync(child.logFile, 'utf8')
			.split('\n')
			.filter((line) => line.includes(text))
			.map((line) => ({ process: child.name, line })),
	);
}

const seconds = (since: number) => Math.round((Date.now() - since) / 1000);

async function answersOk(url: string): Promise<boolean> {
	try {
		return (await fetch(url)).ok;
	} catch {
		return false;
	}
}
