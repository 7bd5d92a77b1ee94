/**
 * One memory measurement in a process of its own (started by bench/memory.ts, compiled to
 * JavaScript by bench/compiledProbe.ts): RSS never shrinks, so measurements taken one after another
 * in one process would not start from the same baseline.
 * Reads 10,000 items through Payment → Get, or through the reference node, and prints the figures
 * as one JSON line. With "origins" as third argument it reports, instead of the peak, where the
 * memory that reached V8's old generation was allocated (bench/oldGenerationOrigins.ts).
 */
import '../test/harness/setupEnv';

import type { SandboxEndpoint } from '../sandbox';
import { SandboxControl } from '../sandbox/controlClient';
import { peakMemoryGrowth } from './measure';
import { oldGenerationOrigins } from './oldGenerationOrigins';
import type { AllocationOrigin } from './oldGenerationOrigins';
import { runFloorNode, runNode } from './nodeRuns';

export type MemoryProbeSubject = 'pay' | 'floor';

export interface MemoryProbeResult {
	baselineMb: number;
	heapAtStartMb: number;
	peakGrowthMb: number;
	items: number;
}

export interface OriginsProbeResult {
	bytesByOrigin: Partial<Record<AllocationOrigin, number>>;
	items: number;
}

async function main(): Promise<void> {
	const subject = process.argv[2] as MemoryProbeSubject;
	const { baseUrl, demo, slug, count } = JSON.parse(process.argv[3]) as {
		baseUrl: string;
		demo: SandboxEndpoint['demo'];
		slug: string;
		count: number;
	};
	const sandbox: SandboxEndpoint = {
		baseUrl,
		demo,
		friend: demo,
		control: new SandboxControl(baseUrl),
	};
	const input = Array.from({ length: count }, () => ({ slug }));
	const read = async (items: typeof input) =>
		subject === 'pay'
			? await runNode(
					sandbox,
					{
						resource: 'payment',
						operation: 'get',
						slug: '={{ $json.slug }}',
						requestOptions: { concurrency: 10 },
					},
					items,
				)
			: await runFloorNode(
					sandbox,
					{ operation: 'get', slug: '={{ $json.slug }}', concurrency: 10 },
					items,
				);
	// One short run first, as a workflow that has run before: loading and compiling
	// are not what is measured.
	await read(input.slice(0, 10));
	if (process.argv[4] === 'origins') {
		const { bytesByOrigin, result } = await oldGenerationOrigins(async () => await read(input));
		const answer: OriginsProbeResult = { bytesByOrigin, items: result.items.length };
		console.log(JSON.stringify(answer));
	} else {
		const { baselineMb, heapAtStartMb, peakGrowthMb, result } = await peakMemoryGrowth(
			async () => await read(input),
		);
		const answer: MemoryProbeResult = {
			baselineMb,
			heapAtStartMb,
			peakGrowthMb,
			items: result.items.length,
		};
		console.log(JSON.stringify(answer));
	}
	process.exit(0);
}

main().catch((error: Error) => {
	console.error(error);
	process.exit(2);
});
