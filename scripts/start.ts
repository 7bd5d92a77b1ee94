/**
 * `npm start`: the package's main job. Starts the sandbox of the service, installs the pinned n8n
 * once, installs this package into it as the community-nodes screen would, adds a "Pay sandbox"
 * credential and the example workflows, and starts n8n on http://127.0.0.1:5678.
 */
import type { ChildProcess } from 'child_process';
import { mkdirSync } from 'fs';
import { join } from 'path';

import { startSandbox } from '../sandbox';
import { profileFromArguments } from '../sandbox/cli';
import type { Sandbox } from '../sandbox';
import { writeSandboxCredential } from './n8nRuntime/credential';
import { prepareExamples } from './n8nRuntime/examples';
import { ensureN8nInstalled } from './n8nRuntime/installN8n';
import { installPackage, packPackage } from './n8nRuntime/installPackage';
import { importCredentials, importWorkflow, listWorkflowIds, publishWorkflow, startServer, stopServer } from './n8nRuntime/n8nCli';
import type { N8nInstance } from './n8nRuntime/n8nCli';
import { ensureOwner, LOCAL_OWNER } from './n8nRuntime/owner';
import { N8N_HOST, N8N_PORT, SANDBOX_PORT, START_USER_FOLDER } from './n8nRuntime/paths';

const step = (text: string) => console.log(`\n▶ ${text}`);

async function main(): Promise<void> {
	let sandbox: Sandbox | undefined;
	let n8n: ChildProcess | undefined;
	const stop = async () => {
		console.log('\nStopping…');
		if (n8n) await stopServer(n8n);
		if (sandbox) await sandbox.close();
		process.exit(0);
	};
	process.on('SIGINT', () => void stop());
	process.on('SIGTERM', () => void stop());

	step(`Starting the sandbox of the service on ${N8N_HOST}:${SANDBOX_PORT}`);
	sandbox = await startSandbox({ profile: profileFromArguments(process.argv.slice(2), process.env), port: SANDBOX_PORT, host: N8N_HOST, quiet: true, withdrawalStepMs: 5000 });
	console.log(`  ${sandbox.baseUrl} (control API: ${sandbox.baseUrl}/_sandbox/)`);

	step('Checking n8n');
	await ensureN8nInstalled((line) => console.log(`  ${line}`));

	const instance: N8nInstance = { userFolder: START_USER_FOLDER, port: N8N_PORT, brokerPort: 5679 };
	step('Installing this package into n8n (npm pack, then npm install in .n8n/nodes)');
	mkdirSync(START_USER_FOLDER, { recursive: true });
	await installPackage(START_USER_FOLDER, await packPackage());

	step('Adding the "Pay sandbox" credential and the example workflows');
	const setupDir = join(START_USER_FOLDER, 'setup');
	mkdirSync(setupDir, { recursive: true });
	// Only what is missing: a later start must not overwrite what the user changed in n8n.
	const existing = new Set(await listWorkflowIds(instance));
	if (existing.size === 0) {
		const credentialFile = join(setupDir, 'credential.json');
		writeSandboxCredential(credentialFile, sandbox.baseUrl, sandbox.demo);
		await importCredentials(instance, credentialFile);
	}
	const n8nBase = `http://${N8N_HOST}:${N8N_PORT}`;
	for (const example of prepareExamples(join(setupDir, 'examples'), sandbox.baseUrl, n8nBase)) {
		if (existing.has(example.id)) {
			console.log(`  ${example.name} (already there, left as it is)`);
			continue;
		}
		await importWorkflow(instance, example.file);
		if (example.hasTrigger) await publishWorkflow(instance, example.id);
		console.log(`  ${example.name}${example.hasTrigger ? ' (active: listens for callbacks)' : ''}`);
	}

	step(`Starting n8n on ${n8nBase} (about 20 seconds)`);
	n8n = await startServer(instance);
	const owner = await ensureOwner(n8nBase);

	console.log(`
✔ Ready.

  n8n editor:   ${n8nBase}
  Login:        ${LOCAL_OWNER.email} / ${LOCAL_OWNER.password}${owner === 'existing' ? ' (set up on an earlier start)' : ''}
  Sandbox:      ${sandbox.baseUrl}   (the "Pay sandbox" credential points here)
  Examples:     Workflows → "Pay example: …"; open one and press "Execute workflow"
                (in the payout example, pick "Start" in the button's ▾ menu first).
  OTPs, codes:  ${sandbox.baseUrl}/_sandbox/otp/<slug>, ${sandbox.baseUrl}/_sandbox/codes/demo

Press Ctrl-C to stop n8n and the sandbox.`);
}

main().catch((error: Error) => {
	console.error(`\n✖ ${error.message}`);
	process.exit(1);
});
