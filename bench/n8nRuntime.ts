/**
 * The real n8n the real-n8n benchmarks run in: n8n 2.41.1 on its Node 24, as installed under
 * `.n8n-runtime/` (DESIGN.md, "Real n8n"), with a user folder of its own where this package is
 * installed as users install it and the sandbox credential imported. Commands run as
 * `<node> <n8n script> …`, that Node first on the PATH for what n8n starts (its task runner).
 */
import { existsSync, mkdirSync, rmSync } from 'fs';
import { delimiter, dirname, join } from 'path';

import type { SandboxEndpoint } from '../sandbox';
import { writeSandboxCredential } from '../scripts/n8nRuntime/credential';
import { installPackage, packPackage } from '../scripts/n8nRuntime/installPackage';
import { N8N_HOST, RUNTIME_DIR } from '../scripts/n8nRuntime/paths';
import { run, runToFile } from '../scripts/n8nRuntime/run';

export const BENCH_N8N_VERSION = '2.41.1';
const NODE_VERSION = '24.21.0';

/** Overridable, for an n8n installed elsewhere. */
const N8N_DIR = process.env.PAY_BENCH_N8N_DIR ?? join(RUNTIME_DIR, `n8n-${BENCH_N8N_VERSION}`);
const NODE_BINARY =
	process.env.PAY_BENCH_NODE ??
	join(
		RUNTIME_DIR,
		`node-${NODE_VERSION}`,
		'node_modules',
		`node-${process.platform}-${process.arch}`,
		'bin',
		'node',
	);
const N8N_SCRIPT = join(N8N_DIR, 'node_modules', 'n8n', 'bin', 'n8n');

/** `PAY_BENCH_N8N_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/profiles'`: a CPU profile of each `n8n execute`. */
const EXECUTE_NODE_ARGUMENTS = (process.env.PAY_BENCH_N8N_NODE_ARGS ?? '')
	.split(' ')
	.filter(Boolean);

export const BENCH_CALLBACK_SECRET = 'bench-callback-secret-0123456789abcdef';

export interface BenchN8n {
	userFolder: string;
	port: number;
	/** `n8n <args>`, output returned; throws on a non-zero exit. */
	command(args: string[]): Promise<string>;
	/** `n8n execute --id`, the run data of the execution n8n records. */
	execute(id: string): Promise<ExecutionRecord>;
	environment: NodeJS.ProcessEnv;
	node: string;
	script: string;
}

export interface NodeRun {
	executionTime: number;
	executionStatus?: string;
	error?: { message: string };
	data?: { main?: Array<Array<{ json: Record<string, unknown> }>> };
}

export interface ExecutionRecord {
	status: string;
	runData: Record<string, NodeRun[]>;
}

export async function prepareBenchN8n(
	sandbox: SandboxEndpoint,
	folder: string,
	port: number,
): Promise<BenchN8n> {
	if (!existsSync(N8N_SCRIPT) || !existsSync(NODE_BINARY)) {
		throw new Error(
			`n8n ${BENCH_N8N_VERSION} or its Node ${NODE_VERSION} is not installed (looked for ${N8N_SCRIPT} and ${NODE_BINARY}): ` +
				'install them as DESIGN.md\'s "Real n8n" says, or point PAY_BENCH_N8N_DIR and PAY_BENCH_NODE at them',
		);
	}
	const userFolder = join(RUNTIME_DIR, folder);
	rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	const baseUrl = `http://${N8N_HOST}:${port}/`;
	const environment: NodeJS.ProcessEnv = {
		...process.env,
		PATH: `${dirname(NODE_BINARY)}${delimiter}${process.env.PATH ?? ''}`,
		NODE_ENV: 'production',
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: 'n8n-nodes-pay-local-bench-key',
		DB_TYPE: 'sqlite',
		N8N_HOST,
		N8N_LISTEN_ADDRESS: N8N_HOST,
		N8N_PORT: String(port),
		N8N_PROTOCOL: 'http',
		N8N_WEBHOOK_URL: baseUrl,
		N8N_EDITOR_BASE_URL: baseUrl,
		N8N_RUNNERS_BROKER_PORT: String(port + 10),
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_LOG_LEVEL: 'warn',
	};
	const command = async (args: string[]) =>
		await run(NODE_BINARY, [N8N_SCRIPT, ...args], { env: environment });
	await installPackage(userFolder, await packPackage(userFolder));
	const credentialFile = join(userFolder, 'credential.json');
	writeSandboxCredential(credentialFile, sandbox.baseUrl, sandbox.demo, BENCH_CALLBACK_SECRET);
	await command(['import:credentials', `--input=${credentialFile}`]);
	return {
		userFolder,
		port,
		command,
		environment,
		node: NODE_BINARY,
		script: N8N_SCRIPT,
		execute: async (id) => {
			// The result is printed through n8n's logger at level info; to a file, as it can be large.
			const { output } = await runToFile(
				NODE_BINARY,
				[...EXECUTE_NODE_ARGUMENTS, N8N_SCRIPT, 'execute', `--id=${id}`],
				{ env: { ...environment, N8N_LOG_LEVEL: 'info' } },
			);
			const marker = output.indexOf('\n{');
			if (marker < 0) throw new Error(`n8n execute printed no result:\n${output.slice(-2000)}`);
			const raw = JSON.parse(output.slice(marker + 1, output.lastIndexOf('}') + 1)) as {
				status: string;
				data: { resultData: { runData: Record<string, NodeRun[]> } };
			};
			return { status: raw.status, runData: raw.data.resultData.runData };
		},
	};
}
