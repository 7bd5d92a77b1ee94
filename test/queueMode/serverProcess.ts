/** A server process started by the test, stopped by its process id (never by name). */
import { spawn } from 'child_process';
import { closeSync, openSync, readFileSync } from 'fs';

/** Whether a process with this id exists (EPERM: it exists, owned by someone else). */
export function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/**
 * Sends `signal`, then SIGKILL if the process is still there after `graceMs`;
 * resolves once it is gone.
 */
export async function stopPid(
	pid: number,
	signal: NodeJS.Signals,
	graceMs = 15_000,
): Promise<void> {
	if (!isAlive(pid)) return;
	try {
		process.kill(pid, signal);
	} catch {
		return; // ended meanwhile
	}
	const deadline = Date.now() + graceMs;
	while (isAlive(pid)) {
		if (Date.now() > deadline) {
			try {
				process.kill(pid, 'SIGKILL');
			} catch {
				// ended meanwhile
			}
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/** Spawns a command detached from the test's stdio, its output appended to `logFile`. */
export function spawnLogged(
	command: string,
	args: string[],
	logFile: string,
	env: NodeJS.ProcessEnv = process.env,
): number {
	const log = openSync(logFile, 'a');
	const child = spawn(command, args, { env, stdio: ['ignore', log, log] });
	closeSync(log); // the child holds its own copy
	if (child.pid === undefined) throw new Error(`${command} did not start (see ${logFile})`);
	// An exit is noticed through isAlive; an 'error' event must not crash the test process.
	child.on('error', () => undefined);
	return child.pid;
}

/**
 * Polls `ready` until it says yes; fails with the log's tail when the
 * process ends or time runs out.
 */
export async function waitUntilReady(
	what: string,
	pid: number,
	logFile: string,
	ready: () => Promise<boolean>,
	timeoutMs: number,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	const tail = () => readFileSync(logFile, 'utf8').slice(-3000);
	for (;;) {
		if (await ready()) return;
		if (!isAlive(pid))
			throw new Error(`${what} ended while starting (log: ${logFile}):\n${tail()}`);
		if (Date.now() > deadline) {
			await stopPid(pid, 'SIGTERM');
			throw new Error(
				`${what} was not ready within ${timeoutMs / 1000} s (log: ${logFile}):\n${tail()}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}
