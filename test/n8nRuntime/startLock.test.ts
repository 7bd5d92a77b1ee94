/**
 * One `npm start` at a time: the second says so (instead of EADDRINUSE); a lock left by a
 * dead process is taken over.
 */
import { spawn } from 'child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { acquireStartLock } from '../../scripts/n8nRuntime/startLock';

let folder: string;
beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'pay-lock-'))));
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('the start lock', () => {
	it('is refused to a second start while the first runs, naming its process', async () => {
		const file = join(folder, 'start.pid');
		const first = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
			stdio: 'ignore',
		});
		try {
			expect(acquireStartLock(file, first.pid).acquired).toBe(true);
			expect(acquireStartLock(file)).toEqual({ acquired: false, runningPid: first.pid });
		} finally {
			first.kill('SIGKILL');
		}
	});

	it('is taken over from a process that is gone, and released on the way out', async () => {
		const file = join(folder, 'start.pid');
		const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
		await new Promise((resolve) => gone.once('exit', resolve));
		writeFileSync(file, `${gone.pid}\n`);
		const lock = acquireStartLock(file);
		expect(lock.acquired).toBe(true);
		expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
		if (lock.acquired) lock.release();
		expect(existsSync(file)).toBe(false);
	});
});
