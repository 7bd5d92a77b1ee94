/**
 * A real n8n for end-to-end tests: an n8n release (installed on first use), a fresh user folder
 * with this package installed as users install it, the credential pointing at the test's sandbox,
 * and the example workflows imported.
 */
import type { ChildProcess } from 'child_process';
import { mkdirSync, rmSync } from 'fs';
import { join } from 'path';

import type { SandboxEndpoint } from '../../sandbox';
import { writeSandboxCredential } from '../../scripts/n8nRuntime/credential';
import { prepareExamples } from '../../scripts/n8nRuntime/examples';
import type { ExampleWorkflow } from '../../scripts/n8nRuntime/examples';
import { ensureN8nInstalled } from '../../scripts/n8nRuntime/installN8n';
import { installPackage, packPackage } from '../../scripts/n8nRuntime/installPackage';
import {
	importCredentials,
	importWorkflows,
	publishWorkflow,
	startServer,
	stopServer,
} from '../../scripts/n8nRuntime/n8nCli';
import type { N8nInstance } from '../../scripts/n8nRuntime/n8nCli';
import { ensureLedgerTable } from '../../scripts/n8nRuntime/ledgerTable';
import type { LedgerTable } from '../../scripts/n8nRuntime/ledgerTable';
import { ensureOwner } from '../../scripts/n8nRuntime/owner';
import { N8N_HOST, RUNTIME_DIR } from '../../scripts/n8nRuntime/paths';
import { N8N_NEWEST } from '../../scripts/n8nRuntime/releases';
import type { N8nRelease } from '../../scripts/n8nRuntime/releases';

/** PAY_E2E_PORT moves it (and the ports after it) when another n8n holds it. */
export const E2E_PORT = Number(process.env.PAY_E2E_PORT ?? 5688);
// The jest setup silences n8n-core in-process; a real n8n's log (n8n.log in its folder)
// should say what happened.
process.env.N8N_LOG_LEVEL = 'warn';

export const E2E_CALLBACK_SECRET = 'e2e-callback-secret-0123456789abcdef';

export interface LocalN8n {
	instance: N8nInstance;
	baseUrl: string;
	examples: ExampleWorkflow[];
	/** Where the server's output goes. */
	logFile: string;
	/** The ledger examples' Data Table, created as `npm start` does once the server runs. */
	ledger?: LedgerTable;
	start(): Promise<void>;
	stop(): Promise<void>;
}

export interface LocalN8nOptions {
	/** Folder under .n8n-runtime/, wiped first. */
	folder: string;
	port: number;
	release?: N8nRelease;
}

export async function prepareLocalN8n(
	sandbox: SandboxEndpoint,
	options: LocalN8nOptions = { folder: 'e2e', port: E2E_PORT },
): Promise<LocalN8n> {
	const release = options.release ?? N8N_NEWEST;
	await ensureN8nInstalled(release, (line) => console.log(line));
	const userFolder = join(RUNTIME_DIR, options.folder);
	rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	const instance: N8nInstance = {
		release,
		userFolder,
		port: options.port,
		brokerPort: options.port + 10,
	};
	const baseUrl = `http://${N8N_HOST}:${options.port}`;
	await installPackage(userFolder, await packPackage(userFolder));
	const credentialFile = join(userFolder, 'credential.json');
	writeSandboxCredential(credentialFile, sandbox.baseUrl, sandbox.demo, E2E_CALLBACK_SECRET);
	await importCredentials(instance, credentialFile);
	const examples = prepareExamples(join(userFolder, 'examples'), sandbox.baseUrl, baseUrl);
	const bundle = join(userFolder, 'examples.json');
	await importWorkflows(
		instance,
		examples.map((example) => example.file),
		bundle,
	);
	for (const example of examples)
		if (example.hasTrigger || example.webhookPath) await publishWorkflow(instance, example.id);
	const logFile = join(userFolder, 'n8n.log');
	let server: ChildProcess | undefined;
	const n8n: LocalN8n = {
		instance,
		baseUrl,
		examples,
		logFile,
		async start() {
			server = await startServer(instance, logFile);
			await ensureOwner(baseUrl);
			n8n.ledger = await ensureLedgerTable(baseUrl);
		},
		async stop() {
			if (server) await stopServer(server);
		},
	};
	return n8n;
}
