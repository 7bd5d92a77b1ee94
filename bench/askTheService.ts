/**
 * Asking the service before saying "unknown" costs the happy path nothing: a batch of transfers
 * that all succeed sends one POST /send/ per item and reads nothing. The same batch with one answer
 * lost reads the transfer list once, for that item only. Counted at the sandbox, as the service
 * would see them.
 */
import type { SandboxEndpoint } from '../sandbox';
import { TRANSFER_FROM_ITEMS } from '../test/harness/parameters';
import type { BenchmarkResult } from './measure';
import { runNode } from './nodeRuns';

const ITEMS = 20;

export async function benchmarkAskingTheService(
	sandbox: SandboxEndpoint,
): Promise<BenchmarkResult[]> {
	const batch = (run: number) =>
		Array.from({ length: ITEMS }, (_, index) => ({ to: 'friend', amount: run * 1000 + index + 1 }));
	await sandbox.control.resetCounters();
	await runNode(sandbox, TRANSFER_FROM_ITEMS, batch(1));
	const happy = await sandbox.control.counters();

	await sandbox.control.resetCounters();
	await sandbox.control.injectFault({
		route: 'POST /send/',
		status: 500,
		afterProcessing: true,
		after: ITEMS / 2,
	});
	const lost = await runNode(sandbox, TRANSFER_FROM_ITEMS, batch(2));
	const withLoss = await sandbox.control.counters();
	const settled = lost.items.filter((item) => item.json.resolved_by === 'GET /send/').length;

	const reads = (counters: Record<string, number>) => counters['GET /send/'] ?? 0;
	return [
		{
			name: 'Asking the service: reads on the happy path',
			measured: `${ITEMS} transfers that all succeed: ${happy['POST /send/'] ?? 0} POST /send/, ${reads(happy)} GET /send/`,
			figure: `${reads(happy)} reads`,
			target: '0 reads, 1 send per item',
			met: reads(happy) === 0 && happy['POST /send/'] === ITEMS,
		},
		{
			name: 'Asking the service: one lost answer',
			measured: `${ITEMS} transfers, the answer of the ${ITEMS / 2 + 1}th lost after the service carried it out: ${withLoss['POST /send/'] ?? 0} POST /send/, ${reads(withLoss)} GET /send/, ${settled} item settled as sent by the list`,
			figure: `${reads(withLoss)} read`,
			target: '1 read, the item settled, nothing sent twice',
			met: reads(withLoss) === 1 && settled === 1 && withLoss['POST /send/'] === ITEMS,
		},
	];
}
