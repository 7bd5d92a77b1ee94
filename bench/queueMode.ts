/**
 * Queue mode beside regular mode, in a real n8n 2.41.1 on its Node: 1,000 transfers through
 * Transfer → Send in one execution of the same workflow (Webhook → Split Out → Pay,
 * test/queueMode/workflows.ts), posted in one body, in the queue-mode stack of the queue-mode tests
 * and in one n8n in regular mode (queueModeStacks.ts), both up at once against the benchmarks'
 * sandbox. Executions run one at a time; rounds alternate which mode runs first. Each round has a
 * workflow of its own per mode and Items at Once (every item's Reference is derived from the
 * workflow and the trigger's data, and the node's record list grows with every execution: a round
 * does not inherit the last one's). The figure: the Pay node's execution time as n8n records it,
 * queue mode's median minus regular mode's. Every measured execution must have sent exactly its
 * transfers to the sandbox, each once (POST /send/ counted, the transfers it holds read back).
 */
import { cpus, loadavg } from 'os';

import type { SandboxEndpoint } from '../sandbox';
import { postToWebhook } from '../test/e2e/n8nRest';
import { transferBatchWorkflow } from '../test/queueMode/workflows';
import type { QueueWorkflow } from '../test/queueMode/workflows';
import { PAYOUT_RECIPIENT } from './comparedOperations';
import { decisiveFigure, median } from './measure';
import type { BenchmarkResult } from './measure';
import { BENCH_N8N_VERSION } from './n8nRuntime';
import { startQueueMode, startRegularMode } from './queueModeStacks';
import type { EndedExecution, ModeName, ModeUnderTest } from './queueModeStacks';

/** `PAY_BENCH_QUEUE_TRANSFERS=50` to scale down. */
const TRANSFERS = Number(process.env.PAY_BENCH_QUEUE_TRANSFERS ?? 1000);
/** Executions per mode and pace, measured (`PAY_BENCH_QUEUE_ROUNDS`). */
const ROUNDS = Number(process.env.PAY_BENCH_QUEUE_ROUNDS ?? 5);
type Pace = 'ten' | 'default';
/** `PAY_BENCH_QUEUE_PACES=ten` for Items at Once 10 only. */
const PACES = (process.env.PAY_BENCH_QUEUE_PACES ?? 'ten,default').split(',') as Pace[];
/** Queue mode may take this much longer than regular mode (issue 45, point 5). */
const TARGET_SECONDS = 2;
const EXECUTION_TIMEOUT_MS = 20 * 60_000;
/** Amounts of their own in every execution: `AMOUNT_BASE + serial × TRANSFERS + index`. */
const AMOUNT_BASE = 10_000;

const paceText = (pace: Pace) =>
	pace === 'ten' ? 'Items at Once 10' : 'Items at Once unset, 1 at a time';

function measuredWorkflow(pace: Pace, round: number): QueueWorkflow {
	const id = `benchQueue${pace === 'ten' ? 'Ten' : 'Default'}R${round}`;
	const requestOptions = pace === 'ten' ? { concurrency: 10 } : undefined;
	return transferBatchWorkflow({
		id,
		name: id,
		path: `bench-queue-${pace}-${round}`,
		requestOptions,
	});
}

/** Two small batches at once, unmeasured: each queue-mode worker loads the Pay node first. */
const WARM_UPS = [1, 2].map((worker) =>
	transferBatchWorkflow({
		id: `benchQueueWarmUp${worker}`,
		name: `benchQueueWarmUp${worker}`,
		path: `bench-queue-warm-up-${worker}`,
		requestOptions: { concurrency: 10 },
	}),
);

interface Pair {
	pace: Pace;
	round: number;
	first: ModeName;
	queue: EndedExecution;
	regular: EndedExecution;
}

async function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
	const deadline = Date.now() + EXECUTION_TIMEOUT_MS;
	for (;;) {
		const value = await check();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`${what}: not after ${EXECUTION_TIMEOUT_MS} ms`);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

const amountsOf = (serial: number, count: number) =>
	Array.from({ length: count }, (_, index) => AMOUNT_BASE + serial * TRANSFERS + index);

/** Posts one batch (its own `run`, so its References are its own) to the workflow's webhook. */
async function postBatch(
	mode: ModeUnderTest,
	workflow: QueueWorkflow,
	serial: number,
	count: number,
) {
	const transfers = amountsOf(serial, count).map((amount) => ({ to: PAYOUT_RECIPIENT, amount }));
	const response = await postToWebhook(mode.webhookUrl(workflow, serial), {
		run: `bench-queue-${serial}`,
		transfers,
	});
	await response.arrayBuffer();
	if (response.status !== 200)
		throw new Error(`${mode.name} mode: ${workflow.webhookPath} answered ${response.status}`);
}

async function ended(mode: ModeUnderTest, workflow: QueueWorkflow): Promise<EndedExecution> {
	const execution = await until(`${mode.name} mode's execution of ${workflow.id}`, () =>
		mode.endedExecution(workflow.id),
	);
	if (execution.status !== 'success')
		throw new Error(`${mode.name} mode: execution ${execution.id} ended ${execution.status}`);
	return execution;
}

async function warmUp(mode: ModeUnderTest, serial: { next: number }): Promise<void> {
	await Promise.all(WARM_UPS.map((workflow) => postBatch(mode, workflow, serial.next++, 20)));
	for (const workflow of WARM_UPS) await ended(mode, workflow);
}

/** One measured execution: every item sent, and the sandbox holding each transfer once. */
async function measuredExecution(
	mode: ModeUnderTest,
	sandbox: SandboxEndpoint,
	workflow: QueueWorkflow,
	serial: number,
): Promise<EndedExecution> {
	const sendsBefore = await sandbox.control.count('POST /send/');
	const transfersBefore = (await sandbox.control.transfers()).length;
	await postBatch(mode, workflow, serial, TRANSFERS);
	const execution = await ended(mode, workflow);
	const where = `${mode.name} mode, execution ${execution.id}`;
	if (execution.items.length !== TRANSFERS)
		throw new Error(`${where}: the Pay node gave ${execution.items.length} items`);
	const failed = execution.items.find(
		(item) => item.error !== undefined || item.outcome !== undefined,
	);
	if (failed)
		throw new Error(`${where}: an item failed: ${String(failed.message ?? failed.error)}`);
	await sandbox.control.settle();
	const sends = (await sandbox.control.count('POST /send/')) - sendsBefore;
	const made = (await sandbox.control.transfers()).slice(transfersBefore);
	const madeAmounts = made.map((transfer) => transfer.amount).sort((a, b) => a - b);
	const expected = amountsOf(serial, TRANSFERS);
	const exact =
		sends === TRANSFERS &&
		made.length === TRANSFERS &&
		madeAmounts.every((amount, index) => amount === expected[index]);
	if (!exact)
		throw new Error(
			`${where}: ${sends} POST /send/ and ${made.length} transfers made for ${TRANSFERS}, ${new Set(madeAmounts).size} different amounts`,
		);
	return execution;
}

/** Every round: each pace, both modes one after the other, which first alternating by round. */
async function measuredRounds(
	modes: { queue: ModeUnderTest; regular: ModeUnderTest },
	sandbox: SandboxEndpoint,
	serial: { next: number },
): Promise<Pair[]> {
	const pairs: Pair[] = [];
	for (let round = 0; round < ROUNDS; round++) {
		for (const pace of PACES) {
			const order: ModeName[] = round % 2 === 0 ? ['queue', 'regular'] : ['regular', 'queue'];
			const workflow = measuredWorkflow(pace, round);
			const executions = {} as Record<ModeName, EndedExecution>;
			for (const name of order)
				executions[name] = await measuredExecution(modes[name], sandbox, workflow, serial.next++);
			pairs.push({ pace, round, first: order[0], ...executions });
			console.log(
				`queue mode, ${paceText(pace)}, round ${round + 1}: queue ${seconds(executions.queue.sendMs)} s, regular ${seconds(executions.regular.sendMs)} s`,
			);
		}
	}
	return pairs;
}

export async function benchmarkQueueMode(sandbox: SandboxEndpoint): Promise<BenchmarkResult[]> {
	// Every execution's payouts: more than the demo account starts with.
	await sandbox.control.updateAccount('demo', { balance: 1e12 });
	const measured = PACES.flatMap((pace) =>
		Array.from({ length: ROUNDS }, (_, round) => measuredWorkflow(pace, round)),
	);
	const workflows = [...WARM_UPS, ...measured];
	const started: ModeUnderTest[] = [];
	try {
		started.push(await startQueueMode(sandbox, workflows));
		started.push(await startRegularMode(sandbox, workflows));
		const [queue, regular] = started;
		const begun = Date.now();
		const loadAtStart = loadavg()[0];
		const serial = { next: 0 };
		for (const mode of started) await warmUp(mode, serial);
		const pairs = await measuredRounds({ queue, regular }, sandbox, serial);
		// The machine may be shared: how busy it was is part of the figures.
		const runNote = `all rows took ${((Date.now() - begun) / 60_000).toFixed(1)} min, load average ${loadAtStart.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end on ${cpus().length} cores`;
		return PACES.map((pace) =>
			result(
				pace,
				pairs.filter((pair) => pair.pace === pace),
				runNote,
			),
		);
	} finally {
		for (const mode of started.reverse()) await mode.stop();
	}
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

function result(pace: Pace, pairs: Pair[], runNote: string): BenchmarkResult {
	const queue = median(pairs.map((pair) => pair.queue.sendMs)) / 1000;
	const regular = median(pairs.map((pair) => pair.regular.sendMs)) / 1000;
	const difference = queue - regular;
	// Read beside the figure: each round's two executions ran back to back, so their difference
	// leaves out the machine's drift from round to round (it may be shared).
	const pairedDifference =
		median(pairs.map((pair) => pair.queue.sendMs - pair.regular.sendMs)) / 1000;
	const meetsTarget = (figure: number) => figure <= TARGET_SECONDS;
	const figure = decisiveFigure(difference, 2, meetsTarget);
	const executions = pairs
		.map(
			(pair) =>
				`round ${pair.round + 1} (${pair.first} first): queue ${seconds(pair.queue.sendMs)} s (${pair.queue.ranOn}), regular ${seconds(pair.regular.sendMs)} s`,
		)
		.join('; ');
	const count = TRANSFERS.toLocaleString('en');
	return {
		name: `Queue mode: ${count} transfers in one execution, ${paceText(pace)} (real n8n ${BENCH_N8N_VERSION})`,
		measured:
			`Webhook → Split Out → Pay (Transfer → Send, ${paceText(pace)}), ${count} transfers posted in one body, the same local sandbox answering at once; ` +
			`queue mode: PostgreSQL and Redis from Debian's packages, a main process, two webhook processes and two workers (one execution at a time each); regular mode: one n8n on SQLite; both up at once, executions one at a time, rounds alternating which mode runs first; ` +
			`the Pay node's execution time from n8n's execution records, median of ${pairs.length} executions per mode (${runNote}): queue ${queue.toFixed(2)} s, regular ${regular.toFixed(2)} s (the median of the rounds' own differences: ${pairedDifference >= 0 ? '+' : ''}${pairedDifference.toFixed(2)} s); ${executions}; ` +
			`each execution sent exactly its ${count} transfers to the sandbox, none twice (POST /send/ counted, the transfers read back)`,
		figure: `${difference >= 0 ? '+' : ''}${figure} s (queue − regular)`,
		target: `≤ +${TARGET_SECONDS} s over regular mode`,
		met: meetsTarget(difference),
	};
}
