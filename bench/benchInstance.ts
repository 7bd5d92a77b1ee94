/**
 * The n8n a real-n8n benchmark starts: a fresh user folder under .n8n-runtime/ with this package
 * installed as users install it and the sandbox credential imported; and what goes in besides (a
 * Header Auth credential, published workflows).
 */
import { mkdirSync, rmSync, writeFileSync } from 'fs';
import { join } from 'path';

import type { SandboxEndpoint } from '../sandbox';
import { writeSandboxCredential } from '../scripts/n8nRuntime/credential';
import { ensureN8nInstalled } from '../scripts/n8nRuntime/installN8n';
import { installPackage, packPackage } from '../scripts/n8nRuntime/installPackage';
import { importCredentials, importWorkflow, publishWorkflow } from '../scripts/n8nRuntime/n8nCli';
import type { N8nInstance } from '../scripts/n8nRuntime/n8nCli';
import { RUNTIME_DIR } from '../scripts/n8nRuntime/paths';
import { N8N_NEWEST } from '../scripts/n8nRuntime/releases';

/**
 * The newest n8n of the runtime in `folder`, on `port` (its task broker 10 above); `inspector`
 * (`host:port`) is where SIGUSR1 opens its inspector, to profile it: until then nothing listens.
 */
export async function preparedInstance(
	sandbox: SandboxEndpoint,
	options: { folder: string; port: number; inspector: string; callbackSecret: string },
): Promise<N8nInstance> {
	await ensureN8nInstalled(N8N_NEWEST, (line) => console.log(line));
	const userFolder = join(RUNTIME_DIR, options.folder);
	rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	const instance: N8nInstance = {
		release: N8N_NEWEST,
		userFolder,
		port: options.port,
		brokerPort: options.port + 10,
		nodeArguments: [`--inspect-port=${options.inspector}`],
	};
	await installPackage(userFolder, await packPackage(userFolder));
	const credential = join(userFolder, 'credential.json');
	writeSandboxCredential(credential, sandbox.baseUrl, sandbox.demo, options.callbackSecret);
	await importCredentials(instance, credential);
	return instance;
}

/** n8n's Header Auth credential (`httpHeaderAuth`): the header `header` must carry `value`. */
export async function importHeaderAuth(
	instance: N8nInstance,
	credential: { id: string; name: string; header: string; value: string },
): Promise<void> {
	const file = join(instance.userFolder, 'headerAuth.json');
	const { id, name, header, value } = credential;
	writeFileSync(
		file,
		JSON.stringify([{ id, name, type: 'httpHeaderAuth', data: { name: header, value } }]),
	);
	await importCredentials(instance, file);
}

/** Each workflow imported and published (its triggers registered when n8n starts). */
export async function importPublished(
	instance: N8nInstance,
	workflows: Array<{ id: string; workflow: object }>,
): Promise<void> {
	for (const { id, workflow } of workflows) {
		const file = join(instance.userFolder, `${id}.json`);
		writeFileSync(file, JSON.stringify(workflow));
		await importWorkflow(instance, file);
		await publishWorkflow(instance, id);
	}
}
