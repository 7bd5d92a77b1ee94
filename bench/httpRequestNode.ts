/**
 * In a real n8n 2.41.1: operations through the Pay node against the same requests through n8n's
 * HTTP Request node set up as a user would (comparedOperations.ts), to the same sandbox. One
 * workflow per item count holds every variant as branches of the same item list; n8n runs branches
 * one after the other (execution order v1), in the order of their place on the canvas, which
 * alternates between rounds. Each node's time is the `executionTime` n8n records for it in the
 * execution; medians of the rounds are compared.
 *
 * Two paces: the sandbox answering at once (every operation; the payouts' rows are context), and
 * the sandbox answering every request after the live service's latency (the payouts, whose rows are
 * the targets), the HTTP Request node then set to have the Pay node's number of requests in flight.
 * What each node had in flight is read from the sandbox's arrival and answer times.
 */
import { mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';

import type { SandboxEndpoint } from '../sandbox';
import { SandboxControl } from '../sandbox/controlClient';
import { createPayment, decoded, login } from '../test/sandbox/apiClient';
import { COMPARED_OPERATIONS, httpNodeOf, payNodeOf } from './comparedOperations';
import type { ComparedOperation } from './comparedOperations';
import { comparison, nodeName } from './httpRequestRows';
import type { Measured, Pace, Phase, Variant } from './httpRequestRows';
import { inFlightBetween } from './inFlight';
import type { BenchmarkResult } from './measure';
import { prepareBenchN8n } from './n8nRuntime';
import type { BenchN8n, ExecutionRecord } from './n8nRuntime';

/** `PAY_BENCH_HTTP_PORT`: n8n's port (its task broker takes the port 10 above). */
const PORT = Number(process.env.PAY_BENCH_HTTP_PORT ?? 5900);
const sizesFrom = (text: string) => text.split(',').map(Number);
/** `PAY_BENCH_HTTP_SIZES=100,1000` to scale down. */
const SIZES = sizesFrom(process.env.PAY_BENCH_HTTP_SIZES ?? '100,1000,5000');
/** Sizes for the operations that move money (`PAY_BENCH_MONEY_SIZES`). */
const MONEY_SIZES = sizesFrom(process.env.PAY_BENCH_MONEY_SIZES ?? '100,1000');
/** `PAY_BENCH_HTTP_OPERATIONS=send,withdraw` to run only those. */
const OPERATIONS = process.env.PAY_BENCH_HTTP_OPERATIONS?.split(',');
/** Each round runs every size once; rounds alternate which node of a pair runs first. */
const ROUNDS = Number(process.env.PAY_BENCH_HTTP_ROUNDS ?? 4);
/**
 * The live service's latency the payouts' rows are measured at (`PAY_BENCH_LATENCY_MS`, 150).
 * `PAY_BENCH_PACES=0` or `=150` runs only the rows of that latency.
 */
const LATENCY_MS = Number(process.env.PAY_BENCH_LATENCY_MS ?? 150);
const PACES = process.env.PAY_BENCH_PACES?.split(',').map(Number);
/**
 * Rounds of a size at the service's latency (`PAY_BENCH_PACED_ROUNDS`): 1,000 payouts one at a
 * time take 150 s per node, so 2 rounds (one with each node first) at 1,000 and up.
 */
const PACED_ROUNDS = Number(process.env.PAY_BENCH_PACED_ROUNDS ?? 2);
const roundsAt = (latencyMs: number, size: number) =>
	latencyMs > 0 && size >= 1_000 ? Math.min(PACED_ROUNDS, ROUNDS) : ROUNDS;

const comparedHere = COMPARED_OPERATIONS.filter(
	(compared) => !OPERATIONS || OPERATIONS.includes(compared.operation),
);
const sizesOf = (compared: ComparedOperation) => (compared.movesMoney ? MONEY_SIZES : SIZES);
const sizesIn = (phase: Phase) =>
	[...new Set(phase.compared.flatMap(sizesOf))].sort((a, b) => a - b);

const PHASES: Phase[] = [
	{ latencyMs: 0, compared: comparedHere },
	{ latencyMs: LATENCY_MS, compared: comparedHere.filter((compared) => compared.movesMoney) },
].filter((phase) => phase.compared.length > 0 && (!PACES || PACES.includes(phase.latencyMs)));

const variantsOf = (phase: Phase): Variant[] =>
	phase.compared.flatMap((compared) =>
		(['default', 'ten'] as Pace[]).flatMap((pace) =>
			(['pay', 'http'] as const).map((subject) => ({ compared, pace, subject })),
		),
	);
const variantsAt = (phase: Phase, size: number) =>
	variantsOf(phase).filter((variant) => sizesOf(variant.compared).includes(size));

/**
 * The HTTP Request node starts a batch's requests without waiting for the previous batch's
 * answers: its batches are as far apart as the service takes to answer, so that it has as many in
 * flight as the Pay node (the sandbox's times verify it). Against an instant service: batches of 10
 * 1 ms apart, and by default every item's request at once.
 */
function httpBatching(latencyMs: number, pace: Pace): Record<string, unknown> {
	if (latencyMs > 0)
		return {
			batching: { batch: { batchSize: pace === 'ten' ? 10 : 1, batchInterval: latencyMs } },
		};
	return pace === 'ten' ? { batching: { batch: { batchSize: 10, batchInterval: 1 } } } : {};
}

function comparedNode(variant: Variant, phase: Phase, sandbox: SandboxEndpoint, slug: string) {
	if (variant.subject === 'pay')
		return payNodeOf(variant.compared, slug, variant.pace === 'ten' ? { concurrency: 10 } : {});
	const options = httpBatching(phase.latencyMs, variant.pace);
	return httpNodeOf(variant.compared, sandbox, slug, options);
}

interface Placed {
	id: string;
	size: number;
	phase: Phase;
	payFirst: boolean;
}

function workflow(placed: Placed, sandbox: SandboxEndpoint, slug: string) {
	const { id, size, phase } = placed;
	const nodes = [...firstNodes(size, sandbox), ...comparedNodes(placed, sandbox, slug)];
	const connections = {
		Start: { main: [[{ node: 'Get token', type: 'main', index: 0 }]] },
		'Get token': { main: [[{ node: 'Items', type: 'main', index: 0 }]] },
		Items: {
			main: [
				variantsAt(phase, size).map((variant) => ({
					node: nodeName(variant),
					type: 'main',
					index: 0,
				})),
			],
		},
	};
	return {
		id,
		name: id,
		active: false,
		nodes: nodes.map((node, index) => ({ id: `${id}-${index}`, ...node })),
		connections,
		settings: { executionOrder: 'v1' },
	};
}

/** Start, "Get token" (the access token the HTTP Request nodes send), and the `size` items. */
function firstNodes(size: number, sandbox: SandboxEndpoint): Array<Record<string, unknown>> {
	return [
		{
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			parameters: {},
			position: [0, 0],
		},
		{
			name: 'Get token',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			position: [200, 0],
			parameters: {
				method: 'POST',
				url: `${sandbox.baseUrl}/token/refresh/`,
				sendHeaders: true,
				headerParameters: { parameters: [{ name: 'x-api-key', value: sandbox.demo.apiKey }] },
				sendBody: true,
				specifyBody: 'json',
				jsonBody: JSON.stringify({ refresh: sandbox.demo.refreshToken }),
				options: {},
			},
		},
		{
			name: 'Items',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [400, 0],
			parameters: {
				jsCode: `return Array.from({ length: ${size} }, (_, i) => ({ json: { amount: 1000 + i, description: 'Invoice ' + i } }));`,
			},
		},
	];
}

/**
 * One branch per variant. Branches run top to bottom: each pair's two nodes swap places between
 * rounds.
 */
function comparedNodes(
	placed: Placed,
	sandbox: SandboxEndpoint,
	slug: string,
): Array<Record<string, unknown>> {
	return variantsAt(placed.phase, placed.size).map((variant, index) => {
		const pair = Math.floor(index / 2);
		const first = (variant.subject === 'pay') === placed.payFirst;
		return {
			...comparedNode(variant, placed.phase, sandbox, slug),
			name: nodeName(variant),
			position: [700, pair * 400 + (first ? 0 : 200)],
		};
	});
}

/** Every node gave an item per input item, and none that did nothing (a repeat refused, say). */
function checkRecord(record: ExecutionRecord, phase: Phase, size: number): void {
	for (const variant of variantsAt(phase, size)) {
		const runs = record.runData[nodeName(variant)];
		const run = runs?.[0];
		if (!run) throw new Error(`${nodeName(variant)} did not run (execution ${record.status})`);
		if (run.error) throw new Error(`${nodeName(variant)} failed: ${run.error.message}`);
		const count = run.data?.main?.[0]?.length ?? 0;
		if (count !== size) throw new Error(`${nodeName(variant)} gave ${count} items for ${size}`);
		const repeated = run.data?.main?.[0]?.find((item) => item.json.outcome !== undefined);
		if (repeated) throw new Error(`${nodeName(variant)}: ${String(repeated.json.message)}`);
	}
}

export async function benchmarkHttpRequestNode(
	sandbox: SandboxEndpoint,
): Promise<BenchmarkResult[]> {
	const n8n: BenchN8n = await prepareBenchN8n(sandbox, 'bench-http-request', PORT);
	const control = new SandboxControl(sandbox.baseUrl);
	// Payouts of every round and size, both nodes: more than the demo account starts with.
	await control.updateAccount('demo', { balance: 1e12 });
	// The service calls a payment's slug `url`.
	const slug = (decoded(await createPayment(await login(sandbox))) as { url: string }).url;
	await importRoundWorkflows(n8n, sandbox, slug);
	const results: BenchmarkResult[] = [];
	for (const phase of PHASES) {
		const started = Date.now();
		await control.settings({ latencyMs: phase.latencyMs });
		const measured = await executionTimes(n8n, control, phase).finally(
			async () => await control.settings({ latencyMs: 0 }),
		);
		const minutes = ((Date.now() - started) / 60_000).toFixed(1);
		for (const compared of phase.compared)
			for (const pace of ['default', 'ten'] as Pace[])
				results.push(
					comparison({ compared, pace, phase, measured, minutes }, sizesOf(compared), (size) =>
						roundsAt(phase.latencyMs, size),
					),
				);
	}
	return results;
}

const workflowId = (phase: Phase, size: number, round: number) =>
	`benchHttp${phase.latencyMs}ms${size}r${round}`;

/**
 * A workflow of its own for every round: the Pay node derives each creation's idempotency key, and
 * each payout's Reference, from the workflow, so running the same workflow again would measure the
 * service refusing repeats, not creations. All are imported in one command.
 */
async function importRoundWorkflows(
	n8n: BenchN8n,
	sandbox: SandboxEndpoint,
	slug: string,
): Promise<void> {
	const folder = join(n8n.userFolder, 'workflows');
	mkdirSync(folder, { recursive: true });
	for (const phase of PHASES)
		for (const size of sizesIn(phase))
			for (let round = 0; round < roundsAt(phase.latencyMs, size); round++) {
				const id = workflowId(phase, size, round);
				const placed = { id, size, phase, payFirst: round % 2 === 0 };
				writeFileSync(join(folder, `${id}.json`), JSON.stringify(workflow(placed, sandbox, slug)));
			}
	await n8n.command(['import:workflow', '--separate', `--input=${folder}`]);
}

/** Every round's workflows of the phase executed: each node's execution times and in flight. */
async function executionTimes(
	n8n: BenchN8n,
	control: SandboxControl,
	phase: Phase,
): Promise<Measured> {
	const measured: Measured = { times: new Map(), inFlight: new Map() };
	const add = <T>(map: Map<string, T[]>, key: string, value: T) =>
		map.set(key, [...(map.get(key) ?? []), value]);
	for (let round = 0; round < ROUNDS; round++) {
		for (const size of sizesIn(phase)) {
			if (round >= roundsAt(phase.latencyMs, size)) continue;
			const since = Date.now();
			const record = await n8n.execute(workflowId(phase, size, round));
			checkRecord(record, phase, size);
			const requests = await control.requestTimes(since);
			for (const variant of variantsAt(phase, size)) {
				const key = `${size}:${nodeName(variant)}`;
				const run = record.runData[nodeName(variant)][0];
				add(measured.times, key, run.executionTime);
				const end = run.startTime + run.executionTime;
				add(measured.inFlight, key, inFlightBetween(requests, run.startTime, end));
			}
		}
	}
	return measured;
}
