/**
 * Stopping n8n, and noticing that it stopped, with a stand-in process: a process killed by a
 * signal keeps its `exitCode` null, and waiting for that to change would hang `npm start`'s Ctrl-C
 * and the end-to-end tests' cleanup.
 */
import { spawn } from 'child_process';
import type { ChildProcess } from 'child_process';

import { describeExit, hasExited, stopServer } from '../../scripts/n8nRuntime/n8nCli';

const sleeper = (): ChildProcess =>
	spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
const ended = async (child: ChildProcess) =>
	await new Promise((resolve) => child.once('exit', resolve));

describe('stopping n8n', () => {
	it('returns at once for a process already killed by a signal', async () => {
		const child = sleeper();
		child.kill('SIGKILL');
		await ended(child);
		expect(child.exitCode).toBeNull();
		const started = Date.now();
		await stopServer(child);
		expect(Date.now() - started).toBeLessThan(1000);
		expect(hasExited(child)).toBe(true);
		expect(describeExit(child)).toBe('was killed (SIGKILL)');
	}, 5000);

	it('ends a running process and resolves once it is gone', async () => {
		const child = sleeper();
		expect(hasExited(child)).toBe(false);
		await stopServer(child);
		expect(hasExited(child)).toBe(true);
		expect(describeExit(child)).toBe('was killed (SIGTERM)');
	}, 5000);

	it('kills a process that ignores SIGTERM after the grace period', async () => {
		const stubborn = spawn(
			process.execPath,
			['-e', "process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000)"],
			{ stdio: ['ignore', 'pipe', 'ignore'] },
		);
		await new Promise((resolve) => stubborn.stdout.once('data', resolve));
		await stopServer(stubborn, 300);
		expect(describeExit(stubborn)).toBe('was killed (SIGKILL)');
	}, 5000);

	it('names an ordinary exit by its code', async () => {
		const child = spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' });
		await ended(child);
		expect(describeExit(child)).toBe('exited with code 3');
	});
});
