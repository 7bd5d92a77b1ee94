/**
 * The sandbox in its own process for the benchmarks, as the real service is on another machine:
 * in the benchmark's process its request handling would compete with the node for the one event
 * loop and blur what is measured.
 */
import { spawn } from 'child_process';
import { createServer } from 'net';
import type { AddressInfo } from 'net';
import { join } from 'path';

import type { SandboxEndpoint } from '../sandbox';
import { SandboxControl } from '../sandbox/controlClient';
import { DEMO_ACCOUNT, FRIEND_ACCOUNT } from '../sandbox/state';

export interface ExternalSandbox extends SandboxEndpoint {
	close(): Promise<void>;
}

async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

export async function startExternalSandbox(): Promise<ExternalSandbox> {
	const port = await freePort();
	const child = spawn(
		process.execPath,
		['-r', 'ts-node/register/transpile-only', join(__dirname, '..', 'sandbox', 'cli.ts')],
		{
			env: {
				...process.env,
				PAY_SANDBOX_PORT: String(port),
				PAY_SANDBOX_QUIET: '1',
				PAY_SANDBOX_WITHDRAWAL_STEP_MS: '0',
			},
			stdio: ['ignore', 'pipe', 'inherit'],
		},
	);
	await new Promise<void>((resolve, reject) => {
		child.stdout.on('data', (chunk: Buffer) => {
			if (chunk.toString().includes('listening')) resolve();
		});
		child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)));
	});
	const baseUrl = `http://127.0.0.1:${port}`;
	const account = (seed: typeof DEMO_ACCOUNT) => ({
		username: seed.username,
		phone: seed.phone,
		email: seed.email as string,
		apiKey: seed.apiKey as string,
		refreshToken: seed.refreshToken as string,
	});
	return {
		baseUrl,
		control: new SandboxControl(baseUrl),
		demo: account(DEMO_ACCOUNT),
		friend: account(FRIEND_ACCOUNT),
		close: async () => {
			child.kill();
		},
	};
}
