/**
 * In a real n8n 2.41.1: Payment → Create and Payment → Get through the Pay node against the same
 * requests through n8n's HTTP Request node set up as a user would (the x-api-key and Authorization
 * headers, a JSON body with `payment_method_enabled` as a string, the access token from a previous
 * HTTP Request step), to the same sandbox. One workflow per item count holds every variant as
 * branches of the same item list; n8n runs branches one after the other (execution order v1), in
 * the order of their place on the canvas, which alternates between rounds. Each node's time is the
 * `executionTime` n8n records for it in the execution; medians of the rounds are compared.
 */
import { mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';

import type { SandboxEndpoint } from '../sandbox';
import { SANDBOX_CREDENTIAL_ID, SANDBOX_CREDENTIAL_NAME } from '../scripts/n8nRuntime/credential';
import { createPayment, decoded, login } from '../test/sandbox/apiClient';
import { ITEMS_AT_ONCE_FOR_SAFE_OPERATIONS } from '../nodes/Pay/itemsAtOnce';
import { decisiveFigure, median } from './measure';
import type { BenchmarkResult } from './measure';
import { BENCH_N8N_VERSION, prepareBenchN8n } from './n8nRuntime';
import type { BenchN8n, ExecutionRecord } from './n8nRuntime';

/** `PAY_BENCH_HTTP_PORT`: n8n's port (its task broker takes the port 10 above). */
const PORT = Number(process.env.PAY_BENCH_HTTP_PORT ?? 5900);
/** `PAY_BENCH_HTTP_SIZES=100,1000` to scale down. */
const SIZES = (process.env.PAY_BENCH_HTTP_SIZES ?? '100,1000,5000').split(',').map(Number);
/** Each round runs every size once; rounds alternate which node of a pair runs first. */
const ROUNDS = Number(process.env.PAY_BENCH_HTTP_ROUNDS ?? 4);
const TARGET = 1.0;
const meetsTarget = (ratio: number) => ratio <= TARGET;

const CREATE_BODY = {
	expiration_days: 1,
	payment_method_enabled: JSON.stringify({ pse: true, NEQUI: true }),
	payer_redirect_url: 'https://shop.example/thanks',
	callback: 'https://hooks.example/webhook/pay',
};

type Operation = 'create' | 'get';
type Pace = 'default' | 'ten';

interface Variant {
	operation: Operation;
	pace: Pace;
	subject: 'pay' | 'http';
}

const VARIANTS: Variant[] = (['create', 'get'] as Operation[]).flatMap((operation) =>
	(['default', 'ten'] as Pace[]).flatMap((pace) =>
		(['pay', 'http'] as const).map((subject) => ({ operation, pace, subject })),
	),
);

function nodeName({ operation, pace, subject }: Variant): string {
	return `${subject === 'pay' ? 'Pay' : 'HTTP Request'} ${operation} ${pace === 'ten' ? '10 at a time' : 'default'}`;
}

function payNode(variant: Variant, slug: string): Record<string, unknown> {
	const requestOptions = variant.pace === 'ten' ? { concurrency: 10 } : {};
	const parameters =
		variant.operation === 'create'
			? {
					resource: 'payment',
					operation: 'create',
					amount: '={{ $json.amount }}',
					description: '={{ $json.description }}',
					paymentMethods: ['pse', 'NEQUI'],
					payerRedirectUrl: CREATE_BODY.payer_redirect_url,
					callbackUrl: CREATE_BODY.callback,
					expirationDays: 1,
					options: {},
					requestOptions,
				}
			: { resource: 'payment', operation: 'get', slug, requestOptions };
	return {
		type: 'n8n-nodes-pay.pay',
		typeVersion: 1,
		parameters,
		credentials: { payApi: { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME } },
	};
}

/**
 * As a user sets it up by hand: headers, the token of the "Get token" step, a JSON body template.
 */
function httpNode(
	variant: Variant,
	sandbox: SandboxEndpoint,
	slug: string,
): Record<string, unknown> {
	const headers = {
		sendHeaders: true,
		headerParameters: {
			parameters: [
				{ name: 'x-api-key', value: sandbox.demo.apiKey },
				{ name: 'Authorization', value: "=Bearer {{ $('Get token').first().json.access }}" },
			],
		},
	};
	// The HTTP Request node's nearest setting: batches of 10, 1 ms apart (it starts a batch without
	// waiting for the previous one's answers; without batching it starts every
	// item's request at once).
	const options =
		variant.pace === 'ten' ? { batching: { batch: { batchSize: 10, batchInterval: 1 } } } : {};
	const jsonBody = `={
  "amount": {{ $json.amount }},
  "description": "{{ $json.description }}",
  "expiration_days": ${CREATE_BODY.expiration_days},
  "payment_method_enabled": ${JSON.stringify(CREATE_BODY.payment_method_enabled)},
  "payer_redirect_url": "${CREATE_BODY.payer_redirect_url}",
  "callback": "${CREATE_BODY.callback}"
}`;
	const parameters =
		variant.operation === 'create'
			? {
					method: 'POST',
					url: `${sandbox.baseUrl}/pay/`,
					...headers,
					sendBody: true,
					specifyBody: 'json',
					jsonBody,
					options,
				}
			: { method: 'GET', url: `${sandbox.baseUrl}/pay_detail/${slug}`, ...headers, options };
	return { type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, parameters };
}

function workflow(
	id: string,
	size: number,
	sandbox: SandboxEndpoint,
	slug: string,
	payFirst: boolean,
) {
	const nodes = [...firstNodes(size, sandbox), ...comparedNodes(sandbox, slug, payFirst)];
	const connections = {
		Start: { main: [[{ node: 'Get token', type: 'main', index: 0 }]] },
		'Get token': { main: [[{ node: 'Items', type: 'main', index: 0 }]] },
		Items: {
			main: [VARIANTS.map((variant) => ({ node: nodeName(variant), type: 'main', index: 0 }))],
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
	sandbox: SandboxEndpoint,
	slug: string,
	payFirst: boolean,
): Array<Record<string, unknown>> {
	return VARIANTS.map((variant, index) => {
		const pair = Math.floor(index / 2);
		const first = (variant.subject === 'pay') === payFirst;
		const node =
			variant.subject === 'pay' ? payNode(variant, slug) : httpNode(variant, sandbox, slug);
		return {
			...node,
			name: nodeName(variant),
			position: [700, pair * 400 + (first ? 0 : 200)],
		};
	});
}

function checkRecord(record: ExecutionRecord, size: number): void {
	for (const variant of VARIANTS) {
		const runs = record.runData[nodeName(variant)];
		const run = runs?.[0];
		if (!run) throw new Error(`${nodeName(variant)} did not run (execution ${record.status})`);
		if (run.error) throw new Error(`${nodeName(variant)} failed: ${run.error.message}`);
		const count = run.data?.main?.[0]?.length ?? 0;
		if (count !== size) throw new Error(`${nodeName(variant)} gave ${count} items for ${size}`);
		const repeated = run.data?.main?.[0]?.find((item) => item.json.outcome === 'already_created');
		if (repeated) throw new Error(`${nodeName(variant)} created nothing: ${repeated.json.message}`);
	}
}

export async function benchmarkHttpRequestNode(
	sandbox: SandboxEndpoint,
): Promise<BenchmarkResult[]> {
	const n8n: BenchN8n = await prepareBenchN8n(sandbox, 'bench-http-request', PORT);
	// The service calls a payment's slug `url`.
	const slug = (decoded(await createPayment(await login(sandbox))) as { url: string }).url;
	await importRoundWorkflows(n8n, sandbox, slug);
	const started = Date.now();
	const times = await executionTimes(n8n);
	const minutes = ((Date.now() - started) / 60_000).toFixed(1);
	return (['create', 'get'] as Operation[]).flatMap((operation) =>
		(['default', 'ten'] as Pace[]).map((pace) => comparison(operation, pace, times, minutes)),
	);
}

const workflowId = (size: number, round: number) => `benchHttp${size}r${round}`;

/**
 * A workflow of its own for every round: the Pay node derives each creation's idempotency key
 * from the workflow, so running the same workflow again would measure the service refusing
 * repeated keys, not creations. All are imported in one command.
 */
async function importRoundWorkflows(
	n8n: BenchN8n,
	sandbox: SandboxEndpoint,
	slug: string,
): Promise<void> {
	const folder = join(n8n.userFolder, 'workflows');
	mkdirSync(folder, { recursive: true });
	for (let round = 0; round < ROUNDS; round++) {
		for (const size of SIZES) {
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
		for (const size of SIZES) {
			const record = await n8n.execute(workflowId(size, round));
			checkRecord(record, size);
			for (const variant of VARIANTS) {
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
	operation: Operation,
	pace: Pace,
	times: Map<string, number[]>,
	minutes: string,
): BenchmarkResult {
	const ratios: string[] = [];
	let worst = 0;
	for (const size of SIZES) {
		const pay = median(
			times.get(`${size}:${nodeName({ operation, pace, subject: 'pay' })}`) as number[],
		);
		const http = median(
			times.get(`${size}:${nodeName({ operation, pace, subject: 'http' })}`) as number[],
		);
		worst = Math.max(worst, pay / http);
		ratios.push(
			`${size.toLocaleString('en')} items: Pay ${pay.toFixed(0)} ms vs HTTP Request ${http.toFixed(0)} ms, ${(pay / http).toFixed(2)}×`,
		);
	}
	const paceText =
		pace === 'ten'
			? "10 at a time (Pay: Items at Once 10; HTTP Request: Batching, 10 items per batch 1 ms apart, its nearest setting: it starts a batch's requests without waiting for the previous batch's answers)"
			: `each node's default (Pay: Items at Once unset, ${ITEMS_AT_ONCE_FOR_SAFE_OPERATIONS} at a time for this operation; HTTP Request: every item's request started at once)`;
	return {
		name: `vs n8n's HTTP Request node: ${operation === 'create' ? 'Payment → Create' : 'Payment → Get'}, ${pace === 'ten' ? '10 at a time' : 'defaults'}`,
		measured:
			`real n8n ${BENCH_N8N_VERSION} on its Node 24, same local sandbox, the nodes' execution times from n8n's execution records, median of ${ROUNDS} executions alternating which node runs first (all rows took ${minutes} min); ` +
			`${paceText}; ${ratios.join('; ')}`,
		figure: `${decisiveFigure(worst, 2, meetsTarget)}× (worst size)`,
		target: `≤ ${TARGET.toFixed(1)}× at every size`,
		met: meetsTarget(worst),
	};
}
