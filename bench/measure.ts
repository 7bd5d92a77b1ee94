/**
 * Small measuring tools of the benchmarks: wall time, and peak memory sampled while something runs.
 */

/**
 * `ms` is wall time; `cpuMs` the CPU time this process spent meanwhile (user and system), which
 * other processes on the same machine disturb far less: what a node costs when the service is
 * in another process, as the benchmarks' sandbox is.
 */
export async function timed<T>(
	work: () => Promise<T>,
): Promise<{ ms: number; cpuMs: number; result: T }> {
	const started = process.hrtime.bigint();
	const cpuAtStart = process.cpuUsage();
	const result = await work();
	const cpu = process.cpuUsage(cpuAtStart);
	return {
		ms: Number(process.hrtime.bigint() - started) / 1e6,
		cpuMs: (cpu.user + cpu.system) / 1000,
		result,
	};
}

/**
 * `timed` for runs compared with the run just before or after them: the young garbage an earlier
 * run left is collected first, untimed, and the run's own before its clock stops, so that each run
 * pays for collecting its own garbage and not its neighbour's (the node that leaves more would
 * otherwise hand part of its cost to the other). A minor collection only: after a full one the
 * next run cost about twice as much, for both nodes alike, which hides the difference between them.
 */
export async function timedWithOwnGarbage<T>(
	work: () => Promise<T>,
): Promise<{ ms: number; cpuMs: number; result: T }> {
	collectYoungGeneration();
	return await timed(async () => {
		const result = await work();
		collectYoungGeneration();
		return result;
	});
}

function collectYoungGeneration(): void {
	const gc = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc;
	if (!gc) throw new Error('run the benchmarks with node --expose-gc (npm run bench does)');
	gc({ type: 'minor' });
}

/** `heapAtStartMb` is what is alive in V8's heap at the baseline, after a full collection. */
export async function peakMemoryGrowth<T>(
	work: () => Promise<T>,
): Promise<{ baselineMb: number; heapAtStartMb: number; peakGrowthMb: number; result: T }> {
	(globalThis as { gc?: () => void }).gc?.();
	const { rss: baseline, heapUsed: heapAtStart } = process.memoryUsage();
	let peak = baseline;
	const sampler = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage().rss);
	}, 10);
	try {
		const result = await work();
		peak = Math.max(peak, process.memoryUsage().rss);
		return {
			baselineMb: baseline / 2 ** 20,
			heapAtStartMb: heapAtStart / 2 ** 20,
			peakGrowthMb: (peak - baseline) / 2 ** 20,
			result,
		};
	} finally {
		clearInterval(sampler);
	}
}

/**
 * `value` with `digits` decimals, or more (up to 6) where rounding would put it on the other side
 * of its target: a figure printed as 0.90× beside "≥ 0.9×, not met" reads as a contradiction.
 */
export function decisiveFigure(
	value: number,
	digits: number,
	meetsTarget: (figure: number) => boolean,
): string {
	let text = value.toFixed(digits);
	while (digits < 6 && meetsTarget(Number(text)) !== meetsTarget(value))
		text = value.toFixed(++digits);
	return text;
}

/** The value at `fraction` of the sorted values (nearest rank): 0.99 is the p99. */
export function percentile(values: number[], fraction: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export interface BenchmarkResult {
	name: string;
	/** What was compared, in words. */
	measured: string;
	figure: string;
	target: string;
	met: boolean;
	/** A context line (what the figures stand on), not a target. */
	context?: boolean;
}
