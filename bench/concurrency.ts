/** The same 1,000 creations with 20 ms of service latency: concurrency 1 versus 10, order and pairing kept. */
import type { SandboxEndpoint } from '../sandbox';
import { timed } from './measure';
import type { BenchmarkResult } from './measure';
import { CREATE_PARAMETERS, invoiceRows, runNode } from './nodeRuns';

const COUNT = 1000;

export async function benchmarkConcurrency(sandbox: SandboxEndpoint): Promise<BenchmarkResult> {
	const rows = invoiceRows(COUNT);
	const runWith = async (concurrency: number) => {
		await sandbox.control.reset();
		await sandbox.control.injectFault({ route: 'POST /pay/', latencyMs: 20, times: COUNT * 2 });
		return await timed(async () => await runNode(sandbox, { ...CREATE_PARAMETERS, requestOptions: { concurrency } }, rows));
	};
	const one = await runWith(1);
	const ten = await runWith(10);
	await sandbox.control.clearFaults();
	const items = ten.result.items;
	const orderKept = items.every((item, index) => item.json.amount === rows[index].amount && (item.pairedItem as { item: number }).item === index);
	const speedup = one.ms / ten.ms;
	return {
		name: 'Concurrency',
		measured: `${COUNT} creations, 20 ms latency: concurrency 1 ${one.ms.toFixed(0)} ms vs 10 ${ten.ms.toFixed(0)} ms; order and pairing ${orderKept ? 'intact' : 'BROKEN'}`,
		figure: `${speedup.toFixed(1)}× faster`,
		target: '≥ 7× with order kept',
		met: speedup >= 7 && orderKept,
	};
}
