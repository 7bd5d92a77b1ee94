/**
 * 10,000 items through Payment → Get: peak memory growth above the baseline, each measurement in a
 * fresh process (bench/memoryProbe.ts, compiled, so no TypeScript compiler sits in the measured
 * heap), median of three; the same reads through the reference node (bench/floorNode.ts) show how
 * much of it any n8n node costs. With Node's default settings most of the peak is garbage V8 has
 * not collected yet: its first full collection comes when the heap reaches about four times what
 * was alive at the start. So the same run is also measured with V8's old space capped: what the
 * run needs when V8 is made to collect. One more run shows whose code allocated what reached the
 * old generation (bench/oldGenerationOrigins.ts).
 */
import { execFile } from 'child_process';
import { join } from 'path';
import { promisify } from 'util';

import type { SandboxEndpoint } from '../sandbox';
import { compileMemoryProbe } from './compiledProbe';
import { median } from './measure';
import type { BenchmarkResult } from './measure';
import type { MemoryProbeResult, MemoryProbeSubject, OriginsProbeResult } from './memoryProbe';
import { CREATE_PARAMETERS, runNode } from './nodeRuns';

/** How far above the reference node's peak the Pay node may go, in the same run. */
const FLOOR_RATIO = 1.05;
const COUNT = 10_000;
const ROUNDS = 3;
/** About 60 MB above the ~37 MB heap the probe starts with (n8n-core and the package loaded). */
const CAPPED_OLD_SPACE_MB = 96;

export async function benchmarkMemory(sandbox: SandboxEndpoint): Promise<BenchmarkResult> {
	const probe = await memoryProbe(sandbox);
	const pay: MemoryProbeResult[] = [];
	const floor: MemoryProbeResult[] = [];
	const payCapped: MemoryProbeResult[] = [];
	for (let round = 0; round < ROUNDS; round++) {
		pay.push(await probe('pay'));
		floor.push(await probe('floor'));
		payCapped.push(await probe('pay', [`--max-old-space-size=${CAPPED_OLD_SPACE_MB}`]));
	}
	const peak = median(pay.map((result) => result.peakGrowthMb));
	const floorPeak = median(floor.map((result) => result.peakGrowthMb));
	const cappedPeak = median(payCapped.map((result) => result.peakGrowthMb));
	const baseline = median(pay.map((result) => result.baselineMb));
	const heapAtStart = median(pay.map((result) => result.heapAtStartMb));
	const spread = (results: MemoryProbeResult[]) =>
		results.map((result) => result.peakGrowthMb.toFixed(0)).join(', ');
	const { bytesByOrigin } = await probe<OriginsProbeResult>('pay', [], ['origins']);
	const { origins, httpShare, oldGenerationTotal } = oldGenerationOrigins(bytesByOrigin);
	// At the floor, not at a machine's absolute: no node sending through n8n's HTTP helper needs less
	// than the reference node, measured in the same run.
	const met = peak <= FLOOR_RATIO * floorPeak;
	const heldBack = met
		? ''
		: `; what holds it back: n8n's HTTP helper, whose per-request agents, connections and axios objects (${megabytes(httpShare)} of the ${megabytes(oldGenerationTotal)} MB) any node sending through it pays: the reference node peaks at ${floorPeak.toFixed(0)} MB`;
	return {
		name: 'Memory',
		measured: `${COUNT} items through Payment → Get (concurrency 10), each run in a fresh process: peak RSS ${peak.toFixed(0)} MB above a ${baseline.toFixed(0)} MB baseline (median of ${spread(pay)}; ${heapAtStart.toFixed(0)} MB alive in V8's heap at the start, and V8's first full collection comes at about four times that); the least any n8n node does for the same reads (bench/floorNode.ts): ${floorPeak.toFixed(0)} MB (median of ${spread(floor)}); with V8's old space capped at ${CAPPED_OLD_SPACE_MB} MB (\`--max-old-space-size\`), so that garbage is collected, the Pay node's run needs ${cappedPeak.toFixed(0)} MB (median of ${spread(payCapped)}); ${origins}${heldBack}`,
		figure: `${peak.toFixed(0)} MB`,
		target: `≤ ${FLOOR_RATIO}× the reference node's peak (${(FLOOR_RATIO * floorPeak).toFixed(0)} MB)`,
		met,
	};
}

/**
 * A runner of bench/memoryProbe.ts: each call a fresh process making `COUNT` reads of one payment
 * created for it, through `subject` (the Pay node or the reference node); `nodeFlags` go to Node,
 * `mode` to the probe.
 */
async function memoryProbe(sandbox: SandboxEndpoint) {
	await sandbox.control.reset();
	const created = await runNode(sandbox, CREATE_PARAMETERS, [
		{ amount: 1000, description: 'memory' },
	]);
	const target = JSON.stringify({
		baseUrl: sandbox.baseUrl,
		demo: sandbox.demo,
		slug: created.items[0].json.slug,
		count: COUNT,
	});
	const probeScript = await compileMemoryProbe();
	return async <T extends { items: number } = MemoryProbeResult>(
		subject: MemoryProbeSubject,
		nodeFlags: string[] = [],
		mode: string[] = [],
	): Promise<T> => {
		const { stdout } = await promisify(execFile)(
			process.execPath,
			[...nodeFlags, '--expose-gc', probeScript, subject, target, ...mode],
			{
				cwd: join(__dirname, '..'),
				maxBuffer: 1 << 20,
			},
		);
		const result = JSON.parse(stdout.trim().split('\n').pop() as string) as T;
		if (result.items !== COUNT) throw new Error(`${subject}: not every item came back`);
		return result;
	};
}

const megabytes = (bytes = 0) => (bytes / 2 ** 20).toFixed(0);

/** Whose code allocated what the Pay node's run brought into V8's old generation, in words. */
function oldGenerationOrigins(bytesByOrigin: OriginsProbeResult['bytesByOrigin']) {
	const oldGenerationTotal = Object.values(bytesByOrigin).reduce(
		(sum, bytes) => sum + (bytes ?? 0),
		0,
	);
	const origins = `of the ${megabytes(oldGenerationTotal)} MB the Pay node's run brought into V8's old generation (sampled; alive at the end or freed only by a full collection), this package's code allocated ${megabytes(bytesByOrigin['this package'])} MB, axios ${megabytes(bytesByOrigin.axios)} MB, Node's http, net and streams ${megabytes(bytesByOrigin["Node's http, net and streams"])} MB (n8n's HTTP helper makes a new agent and connection per request), n8n-core ${megabytes(bytesByOrigin['n8n-core'])} MB, n8n-workflow ${megabytes(bytesByOrigin['n8n-workflow'])} MB`;
	const httpShare =
		(bytesByOrigin.axios ?? 0) + (bytesByOrigin["Node's http, net and streams"] ?? 0);
	return { origins, httpShare, oldGenerationTotal };
}
