/**
 * Redis for n8n's queue mode: Debian's `redis-server` (installed when missing), started on
 * loopback on its own port with nothing saved to disk, stopped by its process id.
 */
import { mkdtempSync, rmSync } from 'fs';
import { connect } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';

import { isPortFree } from '../../scripts/n8nRuntime/ports';
import { firstExisting, installDebianPackages } from './debianPackages';
import { spawnLogged, stopPid, waitUntilReady } from './serverProcess';

export const REDIS_HOST = '127.0.0.1';

export interface LocalRedis {
	port: number;
	pid: number;
	logFile: string;
	stop(): Promise<void>;
}

const REDIS_SERVER_PATHS = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'];

export async function startRedis(port: number, log: (line: string) => void): Promise<LocalRedis> {
	let binary = firstExisting(REDIS_SERVER_PATHS);
	if (binary === undefined) {
		await installDebianPackages(['redis-server'], log);
		binary = firstExisting(REDIS_SERVER_PATHS);
		if (binary === undefined) throw new Error('redis-server was installed but is not in /usr/bin');
	}
	if (!(await isPortFree(REDIS_HOST, port)))
		throw new Error(
			`Port ${port} on ${REDIS_HOST} is in use: Redis for the queue-mode test needs it`,
		);
	const folder = mkdtempSync(join(tmpdir(), 'pay-queue-redis-'));
	const logFile = join(folder, 'redis.log');
	const pid = spawnLogged(
		binary,
		[
			'--port',
			String(port),
			'--bind',
			REDIS_HOST,
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			folder,
		],
		logFile,
	);
	await waitUntilReady('Redis', pid, logFile, () => answersPing(port), 30_000);
	return {
		port,
		pid,
		logFile,
		async stop() {
			await stopPid(pid, 'SIGTERM');
			rmSync(folder, { recursive: true, force: true });
		},
	};
}

/** Redis's own health check: PING answered +PONG. */
async function answersPing(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const socket = connect(port, REDIS_HOST);
		let answer = '';
		socket.setTimeout(1000, () => socket.destroy());
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (chunk) => {
			answer += chunk.toString();
			if (answer.includes('\r\n')) socket.end();
		});
		socket.on('close', () => resolve(answer.startsWith('+PONG')));
		socket.on('error', () => resolve(false));
	});
}
