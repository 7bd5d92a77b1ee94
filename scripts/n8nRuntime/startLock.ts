/**
 * One `npm start` at a time: a second one would find the ports taken and fail with EADDRINUSE.
 * The lock file holds the running one's process id; a file left by a process that is gone (a
 * crash, a killed terminal) is taken over.
 */
import { readFileSync, rmSync, writeFileSync } from 'fs';

export type StartLock =
	{ acquired: true; release(): void } | { acquired: false; runningPid: number };

export function acquireStartLock(file: string, pid = process.pid): StartLock {
	for (let attempt = 0; attempt < 2; attempt++) {
		try {
			writeFileSync(file, `${pid}\n`, { flag: 'wx' });
			return {
				acquired: true,
				release: () => {
					if (readPid(file) === pid) rmSync(file, { force: true });
				},
			};
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			const holder = readPid(file);
			if (holder !== undefined && holder !== pid && isRunning(holder))
				return { acquired: false, runningPid: holder };
			rmSync(file, { force: true }); // left by a process that is gone
		}
	}
	throw new Error(`Could not take ${file}: remove it if no "npm start" is running`);
}

function readPid(file: string): number | undefined {
	try {
		const pid = Number(readFileSync(file, 'utf8').trim());
		return Number.isInteger(pid) && pid > 0 ? pid : undefined;
	} catch {
		return undefined;
	}
}

function isRunning(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		// EPERM: it exists, owned by someone else.
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}
