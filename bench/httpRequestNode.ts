/**
 * In a real n8n 2.41.1: operations through the Pay node against the same requests through n8n's
 * HTTP Request node set up as a user would (comparedOperations.ts), to the same sandbox. One
 * workflow per item count holds every variant as branches of the same item list; n8n runs branches
 * one after the other (execution order v1), in the order of their place on the canvas, which
 * alternates between rounds. Each node's time is the `executionTime` n8n records for it in the
 * execution; medians of the rounds are compared.
 */
import { mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';

import { defaultItemsAtOnce, findOperation } from '../nodes/Pay/actions/router';
import type { SandboxEndpoint } from '../sandbox';
import { SandboxControl } from '../sandbox/controlClient';
import { createPayment, decoded, login } from '../test/sandbox/apiClient';
import { COMPARED_OPERATIONS, httpNodeOf, payNodeOf } from './comparedOperations';
import type { ComparedOperation } from './comparedOperations';
import { decisiveFigure, median } from './measure';
import type { BenchmarkResult } from './measure';
import { BENCH_N8N_VERSION, prepareBenchN8n } from './n8nRuntime';
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
/** Creations and reads at most as slow as the HTTP Request node; payouts, with a claim, 1.2x. */
const targetOf = (compared: ComparedOperation) => (compared.movesMoney ? 1.2 : 1.0);

type Pace = 'default' | 'ten';

interface Variant {
	compared: ComparedOperation;
	pace: Pace;
	subject: 'pay' | 'http';
}

const comparedHere = COMPARED_OPERATIONS.filter(
	(compared) => !OPERATIONS || OPERATIONS.includes(compared.operation),
);
const sizesOf = (compared: ComparedOperation) => (compared.movesMoney ? MONEY_SIZES : SIZES);
const ALL_SIZES = [...new Set(comparedHere.flatMap(sizesOf))].sort((a, b) => a - b);

const VARIANTS: Variant[] = comparedHere.flatMap((compared) =>
	(['default', 'ten'] as Pace[]).flatMap((pace) =>
		(['pay', 'http'] as const).map((subject) => ({ compared, pace, subject })),
	),
);
const variantsAt = (size: number) =>
	VARIANTS.filter((variant) => sizesOf(variant.compared).includes(size));

function nodeName({ compared, pace, subject }: Variant): string {
	return `${subject === 'pay' ? 'Pay' : 'HTTP Request'} ${compared.operation} ${pace === 'ten' ? '10 at a time' : 'default'}`;
}

function comparedNode(variant: Variant, sandbox: SandboxEndpoint, slug: string) {
	if (variant.subject === 'pay')
		return payNodeOf(variant.compared, slug, variant.pace === 'ten' ? { concurrency: 10 } : {});
	// The HTTP Request node's nearest setting: batches of 10, 1 ms apart (it starts a batch without
	// waiting for the previous one's answers; without batching it starts every item's request at
	// once).
	const options =
		variant.pace === 'ten' ? { batching: { batch: { batchSize: 10, batchInterval: 1 } } } : {};
	return httpNodeOf(variant.compared, sandbox, slug, options);
}

function workflow(
	id: string,
	size: number,
	sandbox: SandboxEndpoint,
	slug: string,
	payFirst: boolean,
) {
	const nodes = [...firstNodes(size, sandbox), ...comparedNodes(size, sandbox, slug, payFirst)];
	const connections = {
		Start: { main: [[{ node: 'Get token', type: 'main', index: 0 }]] },
		'Get token': { main: [[{ node: 'Items', type: 'main', index: 0 }]] },
		Items: {
			main: [
				variantsAt(size).map((variant) => ({ node: nodeName(variant), type: 'main', index: 0 })),
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
	size: number,
	sandbox: SandboxEndpoint,
	slug: string,
	payFirst: boolean,
): Array<Record<string, unknown>> {
	return variantsAt(size).map((variant, index) => {
		const pair = Math.floor(index / 2);
		const first = (variant.subject === 'pay') === payFirst;
		return {
			...comparedNode(variant, sandbox, slug),
			name: nodeName(variant),
			position: [700, pair * 400 + (first ? 0 : 200)],
		};
	});
}

/** Every node gave an item per input item, and none that did nothing (a repeat refused, say). */
function checkRecord(record: ExecutionRecord, size: number): void {
	for (const variant of variantsAt(size)) {
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
	// Payouts of every round and size, both nodes: more than the demo account starts with.
	await new SandboxControl(sandbox.baseUrl).updateAccount('demo', { balance: 1e12 });
	// The service calls a payment's slug `url`.
	const slug = (decoded(await createPayment(await login(sandbox))) as { url: string }).url;
	await importRoundWorkflows(n8n, sandbox, slug);
	const started = Date.now();
	const times = await executionTimes(n8n);
	const minutes = ((Date.now() - started) / 60_000).toFixed(1);
	return comparedHere.flatMap((compared) =>
		(['default', 'ten'] as Pace[]).map((pace) => comparison(compared, pace, times, minutes)),
	);
}

const workflowId = (size: number, round: number) => `benchHttp${size}r${round}`;

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
	for (let round = 0; round < ROUNDS; round++) {
		for (const size of ALL_SIZES) {
			const id = workflowId(size, round);
			const payFirst = round % 2 === 0;
			writeFileSync(
				join(folder, `${id}.json`),
				JSON.stringify(workflow(id, size, sandbox, slug, payFirst)),
			);
		}
	}
	await n8n.command(['import:workflow', '--separate', `--input=${folder}`]);
}

/** Every round's workflows executed: each node's execution times, keyed `size:node name`. */
async function executionTimes(n8n: BenchN8n): Promise<Map<string, number[]>> {
	const times = new Map<string, number[]>();
	for (let round = 0; round < ROUNDS; round++) {
		for (const size of ALL_SIZES) {
			const record = await n8n.execute(workflowId(size, round));
			checkRecord(record, size);
			for (const variant of variantsAt(size)) {
				const key = `${size}:${nodeName(variant)}`;
				times.set(key, [
					...(times.get(key) ?? []),
					record.runData[nodeName(variant)][0].executionTime,
				]);
			}
		}
	}
	return times;
}

/** One operation at one pace: the Pay node against the HTTP Request node at every size. */
function comparison(
	compared: ComparedOperation,
	pace: Pace,
	times: Map<string, number[]>,
	minutes: string,
): BenchmarkResult {
	const target = targetOf(compared);
	const meetsTarget = (ratio: number) => ratio <= target;
	const ratios: string[] = [];
	let worst = 0;
	for (const size of sizesOf(compared)) {
		const timeOf = (subject: 'pay' | 'http') =>
			median(times.get(`${size}:${nodeName({ compared, pace, subject })}`) as number[]);
		const [pay, http] = [timeOf('pay'), timeOf('http')];
		worst = Math.max(worst, pay / http);
		ratios.push(
			`${size.toLocaleString('en')} items: Pay ${pay.toFixed(0)} ms vs HTTP Request ${http.toFixed(0)} ms, ${(pay / http).toFixed(2)}×`,
		);
	}
	return {
		name: `vs n8n's HTTP Request node: ${compared.title}, ${pace === 'ten' ? '10 at a time' : 'defaults'}`,
		measured:
			`real n8n ${BENCH_N8N_VERSION} on its Node 24, same local sandbox answering at once, the nodes' execution times from n8n's execution records, median of ${ROUNDS} executions alternating which node runs first (all rows took ${minutes} min); ` +
			`${paceText(compared, pace)}; ${ratios.join('; ')}`,
		figure: `${decisiveFigure(worst, 2, meetsTarget)}× (worst size)`,
		target: `≤ ${target.toFixed(1)}× at every size`,
		met: meetsTarget(worst),
	};
}

function paceText(compared: ComparedOperation, pace: Pace): string {
	if (pace === 'ten')
		return "10 at a time (Pay: Items at Once 10; HTTP Request: Batching, 10 items per batch 1 ms apart, its nearest setting: it starts a batch's requests without waiting for the previous batch's answers)";
	const operation = findOperation(String(compared.payParameters('').resource), compared.operation);
	const pay = operation ? defaultItemsAtOnce(operation) : 1;
	return `each node's default (Pay: Items at Once unset, ${pay} at a time for this operation${compared.movesMoney ? ', References claimed in batches ahead of the wire' : ''}; HTTP Request: every item's request started at once)`;
}
