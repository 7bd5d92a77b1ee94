/**
 * Where n8n's CPU goes while it resumes waiting executions: a CPU profile of its main thread and
 * the CPU time of each of its threads (the profile sees only the main one), per resume.
 */
import { cpuSharesOf, describeShares } from './cpuProfile';
import { cpuMsByThread, cpuMsOf, threadCpuBetween } from './processCpu';
import { profiledProcess } from './remoteCpuProfile';

/** `inspector` is `host:port`, where n8n was told (`--inspect-port`) to open its inspector. */
export async function profiledN8n(
	pid: number,
	inspector: string,
	label: string,
	resumes: number,
	work: () => Promise<void>,
): Promise<string> {
	const [host, port] = inspector.split(':');
	const threadsAtStart = cpuMsByThread(pid);
	const cpuAtStart = cpuMsOf(pid);
	const profile = await profiledProcess(pid, host, Number(port), work);
	const processMs = cpuMsOf(pid) - cpuAtStart;
	const threads = threadCpuBetween(threadsAtStart, cpuMsByThread(pid), processMs);
	const perResume = (ms: number) => `${(ms / resumes).toFixed(1)} ms`;
	const shares = cpuSharesOf(profile);
	return (
		`over ${resumes} more resumes of the ${label}, n8n's process took ${perResume(processMs)} of CPU per resume, by thread (Linux's names): ${threads
			.slice(0, 4)
			.map((thread) => `${thread.name} ${perResume(thread.ms)}`)
			.join(', ')}; ` +
		describeShares(
			shares,
			6,
			`a CPU profile of n8n's main thread meanwhile (${perResume(shares.busyMs)} busy per resume)`,
		)
	);
}
