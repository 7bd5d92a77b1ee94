/**
 * The real n8n the real-n8n benchmarks run in: the newest n8n of the local runtime on its own Node
 * (scripts/n8nRuntime/releases.ts; installed under `.n8n-runtime/` when missing), with a user
 * folder of its own where this package is installed as users install it and the sandbox credential
 * imported. Commands run as `<node> <n8n script> …`, in the runtime's environment for n8n.
 */
import { mkdirSync, rmSync } from 'fs';
import { join } from 'path';

import type { SandboxEndpoint } from '../sandbox';
import { writeSandboxCredential } from '../scripts/n8nRuntime/credential';
import { ensureN8nInstalled } from '../scripts/n8nRuntime/installN8n';
import { installPackage, packPackage } from '../scripts/n8nRuntime/installPackage';
import { n8nEnvironment } from '../scripts/n8nRuntime/n8nCli';
import { RUNTIME_DIR } from '../scripts/n8nRuntime/paths';
import { N8N_NEWEST, n8nScriptOf, nodeBinaryOf } from '../scripts/n8nRuntime/releases';
import { run, runToFile } from '../scripts/n8nRuntime/run';

export const BENCH_N8N_VERSION = N8N_NEWEST.version;
const NODE_BINARY = nodeBinaryOf(N8N_NEWEST);
const N8N_SCRIPT = n8nScriptOf(N8N_NEWEST);

/**
 * `PAY_BENCH_N8N_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/profiles'`: a CPU
 * profile of each `n8n execute`.
 */
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
	/** When the node started (epoch ms). */
	startTime: number;
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
	await ensureN8nInstalled(N8N_NEWEST, (line) => console.log(line));
	const userFolder = join(RUNTIME_DIR, folder);
	rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	const environment = n8nEnvironment({
		release: N8N_NEWEST,
		userFolder,
		port,
		brokerPort: port + 10,
	});
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
