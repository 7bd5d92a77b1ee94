/**
 * The n8n command line with the environment of one user folder: import, execute, publish, start.
 */
import { spawn } from 'child_process';
import type { ChildProcess } from 'child_process';
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'fs';
import { delimiter, dirname } from 'path';

import { N8N_HOST } from './paths';
import { isPortFree } from './ports';
import { n8nIsReady } from './readiness';
import { n8nScriptOf, nodeBinaryOf } from './releases';
import type { N8nRelease } from './releases';
import { run, runToFile } from './run';

export interface N8nInstance {
	release: N8nRelease;
	userFolder: string;
	port: number;
	/** Each n8n process needs its own task-broker port. */
	brokerPort: number;
	/**
	 * Set over the defaults below, e.g. PostgreSQL and queue mode instead of one process on SQLite.
	 */
	environment?: NodeJS.ProcessEnv;
	/**
	 * Given to the server's Node before n8n's script, e.g. `--inspect-port`
	 * for a benchmark's profile.
	 */
	nodeArguments?: string[];
}

export function n8nEnvironment(
	instance: N8nInstance,
	brokerPort = instance.brokerPort,
): NodeJS.ProcessEnv {
	return {
		...process.env,
		// n8n's task runners and anything else it starts use the same Node.
		PATH: `${dirname(nodeBinaryOf(instance.release))}${delimiter}${process.env.PATH ?? ''}`,
		// Under jest NODE_ENV is "test", which silences n8n's logger (and with it
		// `n8n execute`'s result).
		NODE_ENV: 'production',
		N8N_USER_FOLDER: instance.userFolder,
		// Fixed so imported credentials stay readable across runs; this is a local sandbox instance.
		N8N_ENCRYPTION_KEY: 'n8n-nodes-pay-local-sandbox-key',
		DB_TYPE: 'sqlite',
		N8N_HOST,
		N8N_LISTEN_ADDRESS: N8N_HOST,
		N8N_PORT: String(instance.port),
		N8N_PROTOCOL: 'http',
		[instance.release.webhookUrlVariable]: `http://${N8N_HOST}:${instance.port}/`,
		N8N_EDITOR_BASE_URL: `http://${N8N_HOST}:${instance.port}/`,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		// No calls to n8n's servers from a local instance (they fail offline and clutter the console).
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'warn',
		...instance.environment,
	};
}

/**
 * A CLI command beside a possibly running server: another broker port. Commands that print a
 * result print it through n8n's logger, so they need the level `info`.
 */
async function cli(instance: N8nInstance, args: string[], logLevel?: string): Promise<string> {
	const env = n8nEnvironment(instance, instance.brokerPort + 1);
	return await run(nodeBinaryOf(instance.release), [n8nScriptOf(instance.release), ...args], {
		env: logLevel ? { ...env, N8N_LOG_LEVEL: logLevel } : env,
	});
}

export async function importCredentials(instance: N8nInstance, file: string): Promise<void> {
	await cli(instance, ['import:credentials', `--input=${file}`]);
}

export async function importWorkflow(instance: N8nInstance, file: string): Promise<void> {
	await cli(instance, ['import:workflow', `--input=${file}`]);
}

/**
 * Imports several workflow files with one command (n8n takes a file holding an array of them):
 * each command starts n8n anew, about 4 seconds on 2 cores.
 */
export async function importWorkflows(
	instance: N8nInstance,
	files: string[],
	bundleFile: string,
): Promise<void> {
	if (files.length === 0) return;
	const workflows = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as unknown);
	writeFileSync(bundleFile, JSON.stringify(workflows));
	await importWorkflow(instance, bundleFile);
}

/** Ids of the workflows already in the instance's database. */
export async function listWorkflowIds(instance: N8nInstance): Promise<string[]> {
	const output = await cli(instance, ['list:workflow', '--onlyId'], 'info');
	return output
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => /^[A-Za-z0-9]+$/.test(line));
}

/** Activates a workflow (n8n 2.x: publish) so its triggers listen once the server starts. */
export async function publishWorkflow(instance: N8nInstance, id: string): Promise<void> {
	await cli(instance, ['publish:workflow', `--id=${id}`]);
}

export interface CliExecution {
	status: string;
	/** Output items of each node's first run: `{ "Create": [ {...}, ... ] }`. */
	outputs: Record<string, Array<Record<string, unknown>>>;
	/** Error messages per node. */
	errors: Record<string, string>;
	raw: unknown;
}

/**
 * Runs a workflow with `n8n execute --id`. Its exit code is not enough (a missing id exits 0), so
 * the JSON it prints is parsed and returned.
 */
export async function executeWorkflow(instance: N8nInstance, id: string): Promise<CliExecution> {
	// The result is printed through n8n's logger at level info.
	const env = { ...n8nEnvironment(instance, instance.brokerPort + 1), N8N_LOG_LEVEL: 'info' };
	const { output } = await runToFile(
		nodeBinaryOf(instance.release),
		[n8nScriptOf(instance.release), 'execute', `--id=${id}`],
		{ env },
	);
	const marker = output.indexOf('\n{');
	if (marker < 0) throw new Error(`n8n execute printed no result:\n${output.slice(-2000)}`);
	const raw = JSON.parse(output.slice(marker + 1, output.lastIndexOf('}') + 1)) as {
		status: string;
		data: {
			resultData: {
				runData: Record<
					string,
					Array<{
						data?: { main?: Array<Array<{ json: Record<string, unknown> }>> };
						error?: { message: string };
					}>
				>;
			};
		};
	};
	const outputs: CliExecution['outputs'] = {};
	const errors: CliExecution['errors'] = {};
	for (const [node, runs] of Object.entries(raw.data.resultData.runData)) {
		outputs[node] = (runs[0]?.data?.main?.[0] ?? []).map((item) => item.json);
		if (runs[0]?.error) errors[node] = runs[0].error.message;
	}
	return { status: raw.status, outputs, errors, raw };
}

/**
 * Starts `n8n start`, its output appended to `logFile`; resolves once the editor and the REST API
 * answer. Rejects, with the log's tail, if n8n ends or does not answer within 3 minutes.
 */
export async function startServer(instance: N8nInstance, logFile: string): Promise<ChildProcess> {
	// Otherwise the readiness check below would take another n8n on that port for this one.
	if (!(await isPortFree(N8N_HOST, instance.port)))
		throw new Error(
			`Port ${instance.port} on ${N8N_HOST} is in use: another n8n or program listens there`,
		);
	const log = openSync(logFile, 'a');
	writeSync(
		log,
		`\n--- n8n ${instance.release.version} starting at ${new Date().toISOString()} ---\n`,
	);
	const child = spawn(
		nodeBinaryOf(instance.release),
		[...(instance.nodeArguments ?? []), n8nScriptOf(instance.release), 'start'],
		{ env: n8nEnvironment(instance), stdio: ['ignore', log, log] },
	);
	closeSync(log); // the child holds its own copy
	const tail = () => readFileSync(logFile, 'utf8').slice(-3000);
	const base = `http://${N8N_HOST}:${instance.port}`;
	const deadline = Date.now() + 180_000;
	for (;;) {
		if (hasExited(child))
			throw new Error(`n8n ${describeExit(child)} while starting (log: ${logFile}):\n${tail()}`);
		if (await n8nIsReady(base)) return child;
		if (Date.now() > deadline) {
			await stopServer(child);
			throw new Error(`n8n did not answer within 3 minutes (log: ${logFile}):\n${tail()}`);
		}
		await new Promise((resolvePromise) => setTimeout(resolvePromise, 500));
	}
}

/**
 * Whether the process has ended: `exitCode` stays null for a process killed by a signal,
 * `signalCode` says which.
 */
export function hasExited(child: ChildProcess): boolean {
	return child.exitCode !== null || child.signalCode !== null;
}

/** "exited with code 1" or "was killed (SIGKILL)". */
export function describeExit(child: Pick<ChildProcess, 'exitCode' | 'signalCode'>): string {
	return child.signalCode !== null
		? `was killed (${child.signalCode})`
		: `exited with code ${child.exitCode}`;
}

/**
 * Ends n8n: SIGTERM, then SIGKILL after 15 s. Returns at once for a process that has already ended.
 */
export async function stopServer(child: ChildProcess, graceMs = 15_000): Promise<void> {
	if (hasExited(child)) return;
	await new Promise<void>((resolvePromise) => {
		const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
		child.once('exit', () => {
			clearTimeout(killer);
			resolvePromise();
		});
		child.kill('SIGTERM');
	});
}
