/**
 * How the cost grows with the number of items: 100, 1,000 and 10,000 creations through the Pay
 * node (fields mapped from the items), CPU time per item; and what the node holds once the run is
 * over: the at-most-once ledger's remembered requests (released when every item succeeded) and
 * the heap still alive after a full collection, output dropped, compared with before the run.
 * Then the durable guard's memory in this process: after 1,000 transfers (Transfer → Send, 10 at
 * a time), each recorded in n8n's deduplication store (here the test harness's in-memory one),
 * the per-node turns that order the store's calls must all be gone.
 */
import { join } from 'path';

import type { SandboxEndpoint } from '../sandbox';
import { PACKAGE_ROOT } from '../test/harness/loadPackage';
import { decisiveFigure, median, timed } from './measure';
import type { BenchmarkResult } from './measure';
import { CREATE_PARAMETERS, invoiceRows, runNode } from './nodeRuns';

const SIZES = [100, 1000, 10_000];
const TRANSFERS = 1000;
const TRANSFER_PARAMETERS = {
	resource: 'transfer',
	operation: 'send',
	recipient: '={{ $json.to }}',
	amount: '={{ $json.amount }}',
	requestOptions: { concurrency: 10 },
};
/** Rounds of every size in turn; the median per size is compared. */
const ROUNDS = 3;
const TARGET = 1.1;
const meetsTarget = (ratio: number) => ratio <= TARGET;

function collectGarbage(): void {
	const gc = (globalThis as { gc?: () => void }).gc;
	if (!gc) throw new Error('run the benchmarks with node --expose-gc (npm run bench does)');
	gc();
	gc();
}

/**
 * CPU time of the creations; the output is not kept, so a collection afterwards finds it garbage.
 */
async function creationsCpuMs(
	sandbox: SandboxEndpoint,
	rows: ReturnType<typeof invoiceRows>,
): Promise<number> {
	const { cpuMs, result } = await timed(
		async () => (await runNode(sandbox, CREATE_PARAMETERS, rows)).items.length,
	);
	if (result !== rows.length) throw new Error(`${rows.length} creations gave ${result} items`);
	return cpuMs;
}

export async function benchmarkGrowth(sandbox: SandboxEndpoint): Promise<BenchmarkResult> {
	// The ledger module the built node uses (the test harness loads the package from dist/).
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const ledger = require(
		join(PACKAGE_ROOT, 'dist', 'nodes', 'shared', 'transport', 'neverTwice', 'ledger.js'),
	) as { rememberedRequestCount(): number };
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const durableGuard = require(
		join(PACKAGE_ROOT, 'dist', 'nodes', 'shared', 'transport', 'neverTwice', 'recordList.js'),
	) as { recordQueuesInUse(): number };
	await runNode(sandbox, CREATE_PARAMETERS, invoiceRows(100));
	const perItemRuns = new Map<number, number[]>(SIZES.map((size) => [size, []]));
	let heapBefore = 0;
	let heapAfter = 0;
	let remembered = 0;
	for (let round = 0; round < ROUNDS; round++) {
		for (const size of SIZES) {
			const rows = invoiceRows(size);
			await sandbox.control.reset();
			collectGarbage();
			const before = process.memoryUsage().heapUsed;
			const cpuMs = await creationsCpuMs(sandbox, rows);
			(perItemRuns.get(size) as number[]).push(cpuMs / size);
			if (size === SIZES[SIZES.length - 1] && round === ROUNDS - 1) {
				collectGarbage();
				heapBefore = before;
				heapAfter = process.memoryUsage().heapUsed;
				remembered = ledger.rememberedRequestCount();
			}
		}
	}
	await sandbox.control.reset();
	const transfers = await runNode(
		sandbox,
		TRANSFER_PARAMETERS,
		Array.from({ length: TRANSFERS }, () => ({ to: 'friend', amount: 1 })),
	);
	const sent = transfers.items.filter((item) => item.json.sent === true).length;
	if (sent !== TRANSFERS) throw new Error(`${TRANSFERS} transfers gave ${sent} sent items`);
	const turnsLeft = durableGuard.recordQueuesInUse();
	const perItem = new Map(SIZES.map((size) => [size, median(perItemRuns.get(size) as number[])]));
	const ratio = (perItem.get(10_000) as number) / (perItem.get(1000) as number);
	const retainedMb = (heapAfter - heapBefore) / 2 ** 20;
	const memoryReturned = remembered === 0 && retainedMb < 5 && turnsLeft === 0;
	return {
		name: 'How cost grows',
		measured:
			`creations through the Pay node (fields mapped from items), n8n-core's engine in-process on Node ${process.version}, CPU time per item, median of ${ROUNDS} rounds: ` +
			SIZES.map(
				(size) =>
					`${size.toLocaleString('en')} items ${(perItem.get(size) as number).toFixed(3)} ms`,
			).join(', ') +
			`; after the 10,000 and a full collection, output dropped: ${remembered} requests left in the at-most-once ledger, ` +
			`heap ${retainedMb >= 0 ? '+' : ''}${retainedMb.toFixed(1)} MB against before the run (target under 5 MB); ` +
			`after ${TRANSFERS.toLocaleString('en')} transfers (Transfer → Send, 10 at a time), each recorded by the durable guard, ${turnsLeft} of its per-node turns left in this process`,
		figure: `${decisiveFigure(ratio, 2, meetsTarget)}× per item at 10,000 vs 1,000`,
		target: `≤ ${TARGET}×, ledger, durable guard and heap returned`,
		met: meetsTarget(ratio) && memoryReturned,
	};
}
