/**
 * What the input pass costs (actions/router.ts: every item's input read and checked before the
 * run's first request): 10,000 creations through the Pay node, fields mapped from the items, CPU
 * time of the whole run against that of a run that stops at the pass, its last row's amount "abc":
 * that run reads and checks every item and sends nothing, so it is the pass with the engine's own
 * work around it (an upper bound of the pass alone).
 */
import type { SandboxEndpoint } from '../sandbox';
import { runPayNode } from '../test/harness/runWorkflow';
import { sandboxCredentials } from '../test/harness/sandboxCredentials';
import { decisiveFigure, median, timedWithOwnGarbage } from './measure';
import type { BenchmarkResult } from './measure';
import { CREATE_PARAMETERS, invoiceRows, runNode } from './nodeRuns';

const ITEMS = 10_000;
const ROUNDS = 3;
/** The pass may cost at most this share of the run it guards. */
const TARGET = 0.1;
const meetsTarget = (ratio: number) => ratio <= TARGET;

/** CPU time of the run the pass stops: it must stop at the last row, having sent nothing. */
async function stoppedAtThePassCpuMs(sandbox: SandboxEndpoint): Promise<number> {
	const rows = invoiceRows(ITEMS);
	rows[ITEMS - 1] = { ...rows[ITEMS - 1], amount: 'abc' };
	const sentBefore = await sandbox.control.count('POST /pay/');
	const { cpuMs, result } = await timedWithOwnGarbage(
		async () =>
			await runPayNode({
				parameters: CREATE_PARAMETERS as never,
				input: rows,
				credentials: sandboxCredentials(sandbox),
			}),
	);
	if (result.error?.context?.itemIndex !== ITEMS - 1)
		throw new Error(`the pass did not stop at the last row: ${result.error?.message}`);
	// Asked twice if need be: the control connection kept alive may have been closed meanwhile.
	const sentAfter = await sandbox.control
		.count('POST /pay/')
		.catch(async () => await sandbox.control.count('POST /pay/'));
	if (sentAfter !== sentBefore) throw new Error('the run stopped by the pass sent creations');
	return cpuMs;
}

export async function benchmarkInputPass(sandbox: SandboxEndpoint): Promise<BenchmarkResult> {
	await runNode(sandbox, CREATE_PARAMETERS, invoiceRows(100));
	const whole: number[] = [];
	const pass: number[] = [];
	for (let round = 0; round < ROUNDS; round++) {
		await sandbox.control.reset();
		const run = await timedWithOwnGarbage(
			async () => (await runNode(sandbox, CREATE_PARAMETERS, invoiceRows(ITEMS))).items.length,
		);
		if (run.result !== ITEMS) throw new Error(`${ITEMS} creations gave ${run.result} items`);
		whole.push(run.cpuMs);
		pass.push(await stoppedAtThePassCpuMs(sandbox));
	}
	const ratio = median(pass) / median(whole);
	return {
		name: 'Input pass: every item checked before the first request',
		measured:
			`${ITEMS.toLocaleString('en')} creations through the Pay node (fields mapped from items), n8n-core's engine in-process on Node ${process.version}, CPU time, median of ${ROUNDS} rounds: ` +
			`the whole run (the pass, then every creation sent) ${median(whole).toFixed(0)} ms (${whole.map((ms) => ms.toFixed(0)).join(', ')}); ` +
			`a run stopped by the pass at its last row (every item read and checked, nothing sent) ${median(pass).toFixed(0)} ms (${pass.map((ms) => ms.toFixed(0)).join(', ')})`,
		figure: `${decisiveFigure(ratio, 2, meetsTarget)}× of the run`,
		target: `≤ ${TARGET}× of the whole run`,
		met: meetsTarget(ratio),
	};
}
