/**
 * CPU time of another process (a running n8n), from Linux's /proc: the whole process, and each of
 * its threads by name, since a CPU profile sees only the main thread and n8n also works on others
 * (the garbage collector's, the database's, and threads that live only for part of a callback).
 */
import { readdirSync, readFileSync } from 'fs';

/** CPU time (user and system) in ms from a /proc stat line; the name is between the parentheses. */
function fromStatLine(line: string): { name: string; ms: number } {
	const name = line.slice(line.indexOf('(') + 1, line.lastIndexOf(')'));
	const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
	// utime and stime, fields 14 and 15 of the line, in clock ticks (100 per second on Linux).
	return { name, ms: (Number(fields[11]) + Number(fields[12])) * 10 };
}

/** CPU time (user and system, every thread) a process has used so far. */
export function cpuMsOf(pid: number): number {
	return fromStatLine(readFileSync(`/proc/${pid}/stat`, 'utf8')).ms;
}

/** CPU time so far of each living thread, by thread id, with its name ("node", "V8Worker", …). */
export function cpuMsByThread(pid: number): Map<string, { name: string; ms: number }> {
	const threads = new Map<string, { name: string; ms: number }>();
	for (const thread of readdirSync(`/proc/${pid}/task`)) {
		try {
			threads.set(thread, fromStatLine(readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8')));
		} catch {
			// the thread ended meanwhile
		}
	}
	return threads;
}

/**
 * The CPU time each thread name took between two readings of `cpuMsByThread`, largest first; and,
 * as "threads that ended", what the process took (`processMs`) that no living thread accounts for.
 */
export function threadCpuBetween(
	before: Map<string, { ms: number }>,
	after: Map<string, { name: string; ms: number }>,
	processMs: number,
): Array<{ name: string; ms: number }> {
	const byName = new Map<string, number>();
	let accounted = 0;
	for (const [thread, { name, ms }] of after) {
		const spent = ms - (before.get(thread)?.ms ?? 0);
		accounted += spent;
		byName.set(name, (byName.get(name) ?? 0) + spent);
	}
	if (processMs - accounted > 0) byName.set('threads that ended', processMs - accounted);
	return [...byName]
		.map(([name, ms]) => ({ name, ms }))
		.filter((thread) => thread.ms > 0)
		.sort((a, b) => b.ms - a.ms);
}
