/**
 * `npm start`: the package's main job. Starts the sandbox of the service (its records kept across
 * starts), installs the newest supported n8n once, installs this package into it as the
 * community-nodes screen would, adds a "Pay sandbox" credential and the example workflows, and
 * starts n8n on http://127.0.0.1:5678, its output in a log file. Watches n8n: if it ends, says so,
 * stops the sandbox and exits non-zero. Ctrl-C stops both (a second Ctrl-C at once).
 */
import type { ChildProcess } from 'child_process';
import { mkdirSync } from 'fs';
import { join, relative } from 'path';

import { startSandbox } from '../sandbox';
import { profileFromArguments } from '../sandbox/cli';
import type { Sandbox } from '../sandbox';
import { writeSandboxCredential } from './n8nRuntime/credential';
import { prepareExamples } from './n8nRuntime/examples';
import type { ExampleWorkflow } from './n8nRuntime/examples';
import { ensureN8nInstalled } from './n8nRuntime/installN8n';
import { ensureLedgerTable, LEDGER_TABLE_NAME } from './n8nRuntime/ledgerTable';
import { installPackage, packPackage } from './n8nRuntime/installPackage';
import {
	describeExit,
	hasExited,
	importCredentials,
	importWorkflows,
	listWorkflowIds,
	publishWorkflow,
	startServer,
	stopServer,
} from './n8nRuntime/n8nCli';
import type { N8nInstance } from './n8nRuntime/n8nCli';
import { ensureOwner, LOCAL_OWNER } from './n8nRuntime/owner';
import { N8N_HOST, startSettings } from './n8nRuntime/paths';
import type { StartSettings } from './n8nRuntime/paths';
import { isPortFree } from './n8nRuntime/ports';
import { N8N_NEWEST } from './n8nRuntime/releases';
import { acquireStartLock } from './n8nRuntime/startLock';

const step = (text: string) => console.log(`\n▶ ${text}`);
const shown = (path: string) => relative(process.cwd(), path) || path;

async function main(): Promise<void> {
	const settings = startSettings();
	const n8nBase = `http://${N8N_HOST}:${settings.n8nPort}`;
	mkdirSync(settings.userFolder, { recursive: true });
	const lock = acquireStartLock(settings.lockFile);
	if (!lock.acquired) {
		console.error(
			`✖ npm start is already running (process ${lock.runningPid}): n8n is at ${n8nBase}. Use that one, or stop it with Ctrl-C in its terminal first.`,
		);
		process.exit(1);
	}
	const running: Running = { stopping: false };
	const shutDown = shutDownWith(running, lock.release);
	process.on('SIGINT', () => void shutDown(0));
	process.on('SIGTERM', () => void shutDown(0));

	try {
		await checkPortsFree(settings);
		const sandbox = await startLocalSandbox(settings);
		running.sandbox = sandbox;

		step(`Checking n8n ${N8N_NEWEST.version}`);
		await ensureN8nInstalled(N8N_NEWEST, (line) => console.log(`  ${line}`));
		const instance: N8nInstance = {
			release: N8N_NEWEST,
			userFolder: settings.userFolder,
			port: settings.n8nPort,
			brokerPort: settings.n8nPort + 1,
		};
		step('Installing this package into n8n (npm pack, then npm install in .n8n/nodes)');
		await installPackage(settings.userFolder, await packPackage(settings.userFolder));

		step('Adding the "Pay sandbox" credential and the example workflows');
		await addCredentialAndExamples(instance, settings, sandbox, n8nBase);

		step(
			`Starting n8n ${N8N_NEWEST.version} on ${n8nBase} (about 30 seconds; its log: ${shown(settings.logFile)})`,
		);
		await startWatchedN8n(instance, settings, running, shutDown);
		const owner = await ensureOwner(n8nBase);
		await addLedgerTable(n8nBase);
		printReady(n8nBase, owner, sandbox, settings);
	} catch (error) {
		if (running.stopping) return;
		console.error(`\n✖ ${(error as Error).message}`);
		await shutDown(1);
	}
}

/** What is running, for the shutdown to stop. */
interface Running {
	sandbox?: Sandbox;
	n8n?: ChildProcess;
	stopping: boolean;
}

/** Stops n8n, then the sandbox, releases the lock and exits; a second call exits at once. */
function shutDownWith(running: Running, releaseLock: () => void) {
	return async (exitCode: number): Promise<void> => {
		if (running.stopping) {
			// A second Ctrl-C: no more waiting.
			releaseLock();
			process.exit(exitCode);
		}
		running.stopping = true;
		console.log('\nStopping…');
		if (running.n8n) await stopServer(running.n8n);
		if (running.sandbox) await running.sandbox.close();
		releaseLock();
		process.exit(exitCode);
	};
}

async function checkPortsFree(settings: StartSettings): Promise<void> {
	for (const [what, port] of [
		['the sandbox', settings.sandboxPort],
		['n8n', settings.n8nPort],
	] as const) {
		if (!(await isPortFree(N8N_HOST, port)))
			throw new Error(
				`Port ${port} (for ${what}) is in use by another program on ${N8N_HOST}: stop it, then run npm start again.`,
			);
	}
}

/** The sandbox of the service, its records kept in the start folder across starts. */
async function startLocalSandbox(settings: StartSettings): Promise<Sandbox> {
	step(`Starting the sandbox of the service on ${N8N_HOST}:${settings.sandboxPort}`);
	const sandbox = await startSandbox({
		profile: profileFromArguments(process.argv.slice(2), process.env),
		port: settings.sandboxPort,
		host: N8N_HOST,
		quiet: true,
		withdrawalStepMs: 5000,
		stateFile: settings.sandboxStateFile,
	});
	console.log(`  ${sandbox.baseUrl} (control API: ${sandbox.baseUrl}/_sandbox/)`);
	console.log(
		`  Its payments, withdrawals and cards are kept in ${shown(settings.sandboxStateFile)} (delete it to start afresh).`,
	);
	return sandbox;
}

/** Only what is missing: a later start must not overwrite what the user changed in n8n. */
async function addCredentialAndExamples(
	instance: N8nInstance,
	settings: StartSettings,
	sandbox: Sandbox,
	n8nBase: string,
): Promise<void> {
	const setupDir = join(settings.userFolder, 'setup');
	mkdirSync(setupDir, { recursive: true });
	const existing = new Set(await listWorkflowIds(instance));
	if (existing.size === 0) {
		const credentialFile = join(setupDir, 'credential.json');
		writeSandboxCredential(credentialFile, sandbox.baseUrl, sandbox.demo);
		await importCredentials(instance, credentialFile);
	}
	const examples = prepareExamples(join(setupDir, 'examples'), sandbox.baseUrl, n8nBase);
	const missing = examples.filter((example) => !existing.has(example.id));
	// One command for all of them: each n8n command takes seconds to start.
	await importWorkflows(
		instance,
		missing.map((example) => example.file),
		join(setupDir, 'examples-to-import.json'),
	);
	for (const example of examples) {
		if (existing.has(example.id)) {
			console.log(`  ${example.name} (already there, left as it is)`);
			continue;
		}
		console.log(`  ${example.name}${await publishIfListening(instance, example, n8nBase)}`);
	}
}

/** The Data Table the ledger examples write to; it needs the running n8n and its owner. */
async function addLedgerTable(n8nBase: string): Promise<void> {
	const used = 'the ledger of the invoicing, reconciliation, sweep and report examples';
	// Not fatal: every other example works without it.
	await ensureLedgerTable(n8nBase).then(
		(ledger) =>
			console.log(
				`  Data table "${LEDGER_TABLE_NAME}" ${ledger.created ? 'created' : '(already there)'}: ${used}`,
			),
		(error: Error) =>
			console.error(
				`  ✖ Data table "${LEDGER_TABLE_NAME}" not created (${error.message}): ${used}`,
			),
	);
}

/** Publishes an example that polls or listens; what became of it in a few words ('' if neither). */
async function publishIfListening(
	instance: N8nInstance,
	example: ExampleWorkflow,
	n8nBase: string,
): Promise<string> {
	let note = '';
	if (example.polls) {
		note = await publishWorkflow(instance, example.id).then(
			() => ' (active: checks the transfer list every minute)',
			(error: Error) => ` (left inactive: ${error.message.split('\n')[0]})`,
		);
	}
	if (example.scheduled) {
		note = await publishWorkflow(instance, example.id).then(
			() => ' (active: runs on its schedule)',
			(error: Error) => ` (left inactive: ${error.message.split('\n')[0]})`,
		);
	}
	if (example.hasTrigger) {
		// Not fatal: e.g. an older copy of the example already listens on the same path.
		note = await publishWorkflow(instance, example.id).then(
			() => ' (active: listens for callbacks)',
			(error: Error) =>
				` (left inactive: ${error.message.split('\n').find((line) => /error|already|conflict/i.test(line)) ?? 'n8n could not activate it'})`,
		);
	}
	if (example.webhookPath) {
		note = await publishWorkflow(instance, example.id).then(
			() => ` (active: a POST to ${n8nBase}/webhook/${example.webhookPath} starts it too)`,
			(error: Error) => ` (left inactive: ${error.message.split('\n')[0]})`,
		);
	}
	return note;
}

/** Starts n8n; if it ends before Ctrl-C, says so and shuts everything down. */
async function startWatchedN8n(
	instance: N8nInstance,
	settings: StartSettings,
	running: Running,
	shutDown: (exitCode: number) => Promise<void>,
): Promise<void> {
	const server = await startServer(instance, settings.logFile);
	running.n8n = server;
	const ended = () => {
		if (running.stopping) return;
		console.error(
			`\n✖ n8n ${describeExit(server)}. Its log: ${shown(settings.logFile)}. Stopping the sandbox; run npm start again to restart both.`,
		);
		void shutDown(1);
	};
	server.once('exit', ended);
	if (hasExited(server)) ended();
}

function printReady(
	n8nBase: string,
	owner: Awaited<ReturnType<typeof ensureOwner>>,
	sandbox: Sandbox,
	settings: StartSettings,
): void {
	console.log(`
✔ Ready.

  n8n editor:   ${n8nBase}   (n8n ${N8N_NEWEST.version})
  Login:        ${LOCAL_OWNER.email} / ${LOCAL_OWNER.password}${owner === 'existing' ? ' (set up on an earlier start)' : ''}
  Sandbox:      ${sandbox.baseUrl}   (the "Pay sandbox" credential points here)
  Examples:     Workflows → "Pay example: …"; open one and press "Execute workflow"
                (where the button names another trigger, pick "Start" in its ▾ menu first).
  OTPs, codes:  ${sandbox.baseUrl}/_sandbox/otp/<slug>, ${sandbox.baseUrl}/_sandbox/codes/demo
  n8n's log:    ${shown(settings.logFile)}   (why a callback was refused, errors)

Press Ctrl-C to stop n8n and the sandbox.`);
}

void main();
