/** The n8n command line with the environment of one user folder: import, execute, publish, start. */
import { spawn } from 'child_process';
import type { ChildProcess } from 'child_process';

import { N8N_BIN, N8N_HOST } from './paths';
import { n8nIsReady } from './readiness';
import { run, runToFile } from './run';

export interface N8nInstance {
	userFolder: string;
	port: number;
	/** Each n8n process needs its own task-broker port. */
	brokerPort: number;
}

export function n8nEnvironment(instance: N8nInstance, brokerPort = instance.brokerPort): NodeJS.ProcessEnv {
	return {
		...process.env,
		// Under jest NODE_ENV is "test", which silences n8n's logger (and with it `n8n execute`'s result).
		NODE_ENV: 'production',
		N8N_USER_FOLDER: instance.userFolder,
		// Fixed so imported credentials stay readable across runs; this is a local sandbox instance.
		N8N_ENCRYPTION_KEY: 'n8n-nodes-pay-local-sandbox-key',
		DB_TYPE: 'sqlite',
		N8N_HOST,
		N8N_LISTEN_ADDRESS: N8N_HOST,
		N8N_PORT: String(instance.port),
		N8N_PROTOCOL: 'http',
		WEBHOOK_URL: `http://${N8N_HOST}:${instance.port}/`,
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
	};
}

/**
 * A CLI command beside a possibly running server: another broker port. Commands that print a
 * result print it through n8n's logger, so they need the level `info`.
 */
async function cli(instance: N8nInstance, args: string[], logLevel?: string): Promise<string> {
	const env = n8nEnvironment(instance, instance.brokerPort + 1);
	return await run(N8N_BIN, args, { env: logLevel ? { ...env, N8N_LOG_LEVEL: logLevel } : env });
}

export async function importCredentials(instance: N8nInstance, file: string): Promise<void> {
	await cli(instance, ['import:credentials', `--input=${file}`]);
}

export async function importWorkflow(instance: N8nInstance, file: string): Promise<void> {
	await cli(instance, ['import:workflow', `--input=${file}`]);
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
	const { output } = await runToFile(N8N_BIN, ['execute', `--id=${id}`], { env });
	const marker = output.indexOf('\n{');
	if (marker < 0) throw new Error(`n8n execute printed no result:\n${output.slice(-2000)}`);
	const raw = JSON.parse(output.slice(marker + 1, output.lastIndexOf('}') + 1)) as {
		status: string;
		data: { resultData: { runData: Record<string, Array<{ data?: { main?: Array<Array<{ json: Record<string, unknown> }>> }; error?: { message: string } }>> } };
	};
	const outputs: CliExecution['outputs'] = {};
	const errors: CliExecution['errors'] = {};
	for (const [node, runs] of Object.entries(raw.data.resultData.runData)) {
		outputs[node] = (runs[0]?.data?.main?.[0] ?? []).map((item) => item.json);
		if (runs[0]?.error) errors[node] = runs[0].error.message;
	}
	return { status: raw.status, outputs, errors, raw };
}

/** Starts `n8n start`; resolves once the editor and the REST API answer. */
export async function startServer(instance: N8nInstance, onOutput?: (text: string) => void): Promise<ChildProcess> {
	const child = spawn(N8N_BIN, ['start'], { env: n8nEnvironment(instance), stdio: ['ignore', 'pipe', 'pipe'] });
	let recent = '';
	const collect = (chunk: Buffer) => {
		recent = (recent + chunk.toString()).slice(-3000);
		onOutput?.(chunk.toString());
	};
	child.stdout?.on('data', collect);
	child.stderr?.on('data', collect);
	const base = `http://${N8N_HOST}:${instance.port}`;
	const deadline = Date.now() + 180_000;
	for (;;) {
		if (child.exitCode !== null) throw new Error(`n8n exited with ${child.exitCode} while starting:\n${recent}`);
		if (await n8nIsReady(base)) return child;
		if (Date.now() > deadline) {
			child.kill();
			throw new Error('n8n did not answer within 3 minutes');
		}
		await new Promise((resolvePromise) => setTimeout(resolvePromise, 500));
	}
}

export async function stopServer(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null) return;
	await new Promise<void>((resolvePromise) => {
		const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
		child.once('exit', () => {
			clearTimeout(killer);
			resolvePromise();
		});
		child.kill('SIGTERM');
	});
}
