/**
 * PostgreSQL for n8n's queue mode: Debian's server binaries (installed when missing), a cluster of
 * the test's own in a temporary folder (initdb), started on loopback on its own port, stopped by
 * the postmaster's process id. Debian's own cluster and its service are never used. PostgreSQL
 * refuses to run as root, so as root it runs as the `postgres` user that Debian's package creates.
 */
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'fs';
import { connect } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';

import { isPortFree } from '../../scripts/n8nRuntime/ports';
import { run } from '../../scripts/n8nRuntime/run';
import { installDebianPackages, postgresBinDir } from './debianPackages';
import { spawnLogged, stopPid, waitUntilReady } from './serverProcess';

export const POSTGRES_HOST = '127.0.0.1';

export interface LocalPostgres {
	port: number;
	user: string;
	database: string;
	/** The postmaster's process id. */
	pid: number;
	logFile: string;
	/** Runs one SQL command with psql (as the superuser), answering its output. */
	sql(command: string): Promise<string>;
	stop(): Promise<void>;
}

export async function startPostgres(
	port: number,
	log: (line: string) => void,
): Promise<LocalPostgres> {
	const binDir = await serverBinDir(log);
	if (!(await isPortFree(POSTGRES_HOST, port)))
		throw new Error(
			`Port ${port} on ${POSTGRES_HOST} is in use: PostgreSQL for the queue-mode test needs it`,
		);
	const user = 'postgres';
	const { folder, dataDir } = await newCluster(binDir, user);
	const logFile = join(folder, 'postgres.log');
	const launcher = spawnLogged(...serverCommand(binDir, folder, dataDir, port), logFile);
	const pidFile = join(dataDir, 'postmaster.pid');
	await waitUntilReady(
		'PostgreSQL',
		launcher,
		logFile,
		async () => postmasterStatus(pidFile) === 'ready' && (await acceptsConnections(port)),
		60_000,
	);
	const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
	return {
		port,
		user,
		database: 'postgres',
		pid,
		logFile,
		sql: async (command) =>
			await run(join(binDir, 'psql'), [
				'-h',
				POSTGRES_HOST,
				'-p',
				String(port),
				'-U',
				user,
				'-d',
				'postgres',
				'-tAc',
				command,
			]),
		async stop() {
			// SIGINT: PostgreSQL's fast shutdown (ends sessions, then exits).
			await stopPid(pid, 'SIGINT');
			await stopPid(launcher, 'SIGTERM');
			rmSync(folder, { recursive: true, force: true });
		},
	};
}

/** The server's binaries from Debian's package, installed when missing. */
async function serverBinDir(log: (line: string) => void): Promise<string> {
	let binDir = postgresBinDir();
	if (binDir === undefined) {
		await installDebianPackages(['postgresql'], log);
		binDir = postgresBinDir();
		if (binDir === undefined)
			throw new Error('postgresql was installed but /usr/lib/postgresql/<version>/bin is missing');
	}
	return binDir;
}

const asRoot = () => process.getuid?.() === 0;

/** As root: the postgres user's command, through runuser (PostgreSQL refuses root). */
function asServerUser(command: string, args: string[]): [string, string[]] {
	return asRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** A cluster of the test's own in a temporary folder (initdb), owned by the server's user. */
async function newCluster(
	binDir: string,
	user: string,
): Promise<{ folder: string; dataDir: string }> {
	const folder = mkdtempSync(join(tmpdir(), 'pay-queue-postgres-'));
	const dataDir = join(folder, 'data');
	mkdirSync(dataDir, { mode: 0o700 });
	if (asRoot()) {
		const uid = Number((await run('id', ['-u', 'postgres'])).trim());
		const gid = Number((await run('id', ['-g', 'postgres'])).trim());
		chownSync(folder, uid, gid);
		chownSync(dataDir, uid, gid);
	}
	await run(
		...asServerUser(join(binDir, 'initdb'), [
			'-D',
			dataDir,
			'-U',
			user,
			'-A',
			'trust',
			'-E',
			'UTF8',
			'--no-sync',
		]),
	);
	return { folder, dataDir };
}

/** The server on loopback on its own port, its socket in the cluster's folder. */
function serverCommand(
	binDir: string,
	folder: string,
	dataDir: string,
	port: number,
): [string, string[]] {
	return asServerUser(join(binDir, 'postgres'), [
		'-D',
		dataDir,
		'-p',
		String(port),
		'-k',
		folder,
		'-c',
		`listen_addresses=${POSTGRES_HOST}`,
		// A throw-away database: durability only costs time here.
		'-c',
		'fsync=off',
		'-c',
		'synchronous_commit=off',
		'-c',
		'full_page_writes=off',
		// Milliseconds and the backend's process id on every line: statement
		// timings (see statementLog.ts).
		'-c',
		'log_line_prefix=%m [%p] ',
		'-c',
		'log_timezone=UTC',
	]);
}

/** The postmaster's own word on its state: line 8 of postmaster.pid ("starting", "ready", …). */
function postmasterStatus(pidFile: string): string | undefined {
	if (!existsSync(pidFile)) return undefined;
	return readFileSync(pidFile, 'utf8').split('\n')[7]?.trim();
}

async function acceptsConnections(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const socket = connect(port, POSTGRES_HOST);
		socket.on('connect', () => {
			socket.end();
			resolve(true);
		});
		socket.on('error', () => resolve(false));
	});
}
