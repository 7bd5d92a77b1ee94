/** 10,000 items through Payment → Get: peak memory growth above the baseline. */
import type { SandboxEndpoint } from '../sandbox';
import { peakMemoryGrowth } from './measure';
import type { BenchmarkResult } from './measure';
import { CREATE_PARAMETERS, runNode } from './nodeRuns';

const COUNT = 10_000;

export async function benchmarkMemory(sandbox: SandboxEndpoint): Promise<BenchmarkResult> {
	await sandbox.control.reset();
	const created = await runNode(sandbox, CREATE_PARAMETERS, [{ amount: 1000, description: 'memory' }]);
	const slug = created.items[0].json.slug as string;
	const input = Array.from({ length: COUNT }, () => ({ slug }));
	const { peakGrowthMb, baselineMb, result } = await peakMemoryGrowth(
		async () => await runNode(sandbox, { resource: 'payment', operation: 'get', slug: '={{ $json.slug }}', requestOptions: { concurrency: 10 } }, input),
	);
	if (result.items.length !== COUNT) throw new Error('not every item came back');
	return {
		name: 'Memory',
		measured: `${COUNT} items through Payment → Get (concurrency 10): peak RSS ${peakGrowthMb.toFixed(0)} MB above a ${baselineMb.toFixed(0)} MB baseline`,
		figure: `${peakGrowthMb.toFixed(0)} MB`,
		target: '< 150 MB',
		met: peakGrowthMb < 150,
	};
}
