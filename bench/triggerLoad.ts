/**
 * The trigger under load, in a real n8n (the newest of the local runtime, on its Node): 1,000
 * distinct valid payment callbacks, 20 at a time, to a published Pay Trigger workflow (callback
 * secret and verification with the API on, as by default), against the same posts to n8n's own
 * Webhook node with Header Auth (it too checks a credential on every request), each answering on
 * receipt and starting its workflow. Besides that comparison, three more start nodes split the
 * Pay Trigger's cost: n8n's Webhook node v1 with Header Auth, which n8n 2.41 handles as it
 * handles every start node other than its own Webhook node v2 (an expression isolate taken for
 * the webhook phase: `webhookPhaseNeedsIsolate` in n8n's live-webhooks.js; and, being of version
 * 1, an expression per callback), the least any community trigger does (bench/floorTrigger: the
 * body as the item, nothing checked), and the Pay Trigger with verification off. When a target is
 * missed, n8n's CPU is split by thread and its main thread profiled (`profiledBlock`).
 *
 * Posts go in blocks of BLOCK, the variants in turn (their order rotating each round), so each
 * sees the same machine load. A block's time runs from its first post until n8n has recorded
 * every execution it started as ended; callbacks per second are a variant's callbacks over the
 * sum of its blocks' times; p50 / p99 are of the time to the answer of each post. Afterwards the
 * executions are read from n8n's database: one ended successfully for every callback sent, each
 * with that callback's payment, each Pay Trigger item verified with the service, and each Pay
 * Trigger's repeat records saved in n8n's database.
 */
import type { ChildProcess } from 'child_process';
import { cpus } from 'os';
import { join } from 'path';

import type { SandboxEndpoint } from '../sandbox';
import { SANDBOX_CREDENTIAL_ID, SANDBOX_CREDENTIAL_NAME } from '../scripts/n8nRuntime/credential';
import { installPackage, packPackage } from '../scripts/n8nRuntime/installPackage';
import { startServer, stopServer } from '../scripts/n8nRuntime/n8nCli';
import type { N8nInstance } from '../scripts/n8nRuntime/n8nCli';
import { ensureOwner } from '../scripts/n8nRuntime/owner';
import { N8N_HOST } from '../scripts/n8nRuntime/paths';
import { installDirOf, N8N_NEWEST } from '../scripts/n8nRuntime/releases';
import { MAX_REMEMBERED } from '../nodes/PayTrigger/recordBook';
import { savedRepeatRecords } from '../test/harness/savedRepeatRecords';
import { createPayment, decoded, login } from '../test/sandbox/apiClient';
import { importHeaderAuth, importPublished, preparedInstance } from './benchInstance';
import { cpuSharesOf, describeShares } from './cpuProfile';
import { ExecutionRecords } from './executionRecords';
import type { BenchmarkResult } from './measure';
import { decisiveFigure, median, percentile } from './measure';
import { cpuMsByThread, cpuMsOf, threadCpuBetween } from './processCpu';
import { profiledProcess } from './remoteCpuProfile';

/**
 * `PAY_BENCH_TRIGGER_PORT`: n8n's port (its task broker takes the port 10 above, the CLI's 11
 * above, and its inspector, opened only to profile a missed target, 12 above).
 */
const PORT = Number(process.env.PAY_BENCH_TRIGGER_PORT ?? 5920);
const INSPECTOR_PORT = PORT + 12;
/** `PAY_BENCH_TRIGGER_CALLBACKS=200` to scale down. */
const CALLBACKS = Number(process.env.PAY_BENCH_TRIGGER_CALLBACKS ?? 1000);
const AT_ONCE = 20;
const BLOCK = Math.min(200, CALLBACKS);
/** Callbacks per start node before measuring: n8n registers published webhooks after it answers. */
const WARM_UP = 20;
const THROUGHPUT_TARGET = 0.9;
const P50_TARGET = 1.2;
const meetsThroughputTarget = (ratio: number) => ratio >= THROUGHPUT_TARGET;
const meetsP50Target = (ratio: number) => ratio <= P50_TARGET;

const SECRET = 'bench-trigger-secret-0123456789abcdef';
const HEADER = 'x-callback-token';
const START_NODE = 'Callback';
const PAY_TRIGGER_TYPE = 'n8n-nodes-pay.payTrigger';

type VariantName = 'webhookV2' | 'webhookV1' | 'floor' | 'pay' | 'payUnverified';

interface Variant {
	name: VariantName;
	label: string;
	path: string;
	node: Record<string, unknown>;
	/** Where to post, and with which headers. */
	url(baseUrl: string): string;
	headers: Record<string, string>;
	verified: boolean;
}

function webhookNode(typeVersion: number, path: string): Record<string, unknown> {
	return {
		type: 'n8n-nodes-base.webhook',
		typeVersion,
		webhookId: path,
		parameters: {
			httpMethod: 'POST',
			path,
			authentication: 'headerAuth',
			responseMode: 'onReceived',
			options: {},
		},
		credentials: { httpHeaderAuth: { id: 'benchHeaderAuth', name: 'Bench header auth' } },
	};
}

function payTriggerNode(path: string, verifyWithApi: boolean): Record<string, unknown> {
	return {
		type: PAY_TRIGGER_TYPE,
		typeVersion: 2,
		webhookId: path,
		parameters: {
			events: ['paymentPaid', 'paymentOther', 'withdrawal'],
			options: verifyWithApi ? {} : { verifyWithApi: false },
		},
		credentials: { payApi: { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME } },
	};
}

const VARIANTS: Variant[] = [
	{
		name: 'webhookV2',
		label: "n8n's Webhook node v2 with Header Auth",
		path: 'bench-webhook-v2',
		node: webhookNode(2, 'bench-webhook-v2'),
		url: (base) => `${base}/webhook/bench-webhook-v2`,
		headers: { [HEADER]: SECRET },
		verified: false,
	},
	{
		name: 'webhookV1',
		label: "n8n's Webhook node v1 with Header Auth",
		path: 'bench-webhook-v1',
		node: webhookNode(1, 'bench-webhook-v1'),
		url: (base) => `${base}/webhook/bench-webhook-v1`,
		headers: { [HEADER]: SECRET },
		verified: false,
	},
	{
		name: 'floor',
		label:
			'the least any community trigger does (bench/floorTrigger, version 2: the body as its item, nothing checked or kept)',
		path: 'bench-floor',
		node: {
			type: 'n8n-nodes-bench-floor.floorTrigger',
			typeVersion: 2,
			webhookId: 'bench-floor',
			parameters: {},
		},
		url: (base) => `${base}/webhook/bench-floor/floor`,
		headers: {},
		verified: false,
	},
	{
		name: 'pay',
		label: 'Pay Trigger (callback secret and verification with the API on, its defaults)',
		path: 'bench-pay',
		node: payTriggerNode('bench-pay', true),
		url: (base) => `${base}/webhook/bench-pay/pay?token=${SECRET}`,
		headers: {},
		verified: true,
	},
	{
		name: 'payUnverified',
		label: 'Pay Trigger with verification off',
		path: 'bench-pay-unverified',
		node: payTriggerNode('bench-pay-unverified', false),
		url: (base) => `${base}/webhook/bench-pay-unverified/pay?token=${SECRET}`,
		headers: {},
		verified: false,
	},
];

/** Profiled, when a target is missed: the Pay Trigger, and the comparison, to set beside it. */
const PROFILED: VariantName[] = ['pay', 'webhookV2'];

/**
 * At most 21 characters, as n8n's own ids (16): n8n saves no static data for a longer id
 * (`isWorkflowIdValid` in n8n's utils.js), so the Pay Trigger's repeat records would go unsaved.
 */
function workflowId(variant: Variant): string {
	return `bench${variant.name[0].toUpperCase()}${variant.name.slice(1)}`;
}

function workflowOf(variant: Variant) {
	const id = workflowId(variant);
	return {
		id,
		name: id,
		active: false,
		nodes: [{ id: `${id}-node`, name: START_NODE, position: [0, 0], ...variant.node }],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/**
 * `count` payments created and paid in the sandbox; their callback bodies as the
 * sandbox would send them.
 */
async function paidCallbackBodies(
	sandbox: SandboxEndpoint,
	count: number,
): Promise<Array<Record<string, unknown>>> {
	const client = await login(sandbox);
	const slugs: string[] = [];
	while (slugs.length < count) {
		const batch = Math.min(AT_ONCE, count - slugs.length);
		const created = await Promise.all(
			Array.from({ length: batch }, async (_, index) => {
				// The sandbox's own callback goes nowhere (a closed port): the benchmark posts it.
				const payment = decoded(
					await createPayment(client, {
						amount: 1000 + slugs.length + index,
						// The service calls back only for payments made through the API.
						platform: 'API',
						callback: 'http://127.0.0.1:9/closed',
					}),
				) as { url: string };
				await sandbox.control.pay(payment.url);
				return payment.url;
			}),
		);
		slugs.push(...created);
	}
	const wanted = new Set(slugs);
	const bodies = (await sandbox.control.callbacks())
		.map((delivery) => delivery.body as Record<string, unknown>)
		.filter((body) => wanted.has(body.url as string) && body.state === 3);
	if (bodies.length !== count)
		throw new Error(`the sandbox made ${bodies.length} paid callbacks for ${count} payments`);
	return bodies;
}

interface LocalN8n {
	instance: N8nInstance;
	baseUrl: string;
	server?: ChildProcess;
}

async function prepareN8n(sandbox: SandboxEndpoint): Promise<LocalN8n> {
	const instance = await preparedInstance(sandbox, {
		folder: 'bench-trigger',
		port: PORT,
		inspector: `${N8N_HOST}:${INSPECTOR_PORT}`,
		callbackSecret: SECRET,
	});
	await installPackage(
		instance.userFolder,
		await packPackage(instance.userFolder, join(__dirname, 'floorTrigger')),
	);
	await importHeaderAuth(instance, {
		id: 'benchHeaderAuth',
		name: 'Bench header auth',
		header: HEADER,
		value: SECRET,
	});
	await importPublished(
		instance,
		VARIANTS.map((variant) => ({ id: workflowId(variant), workflow: workflowOf(variant) })),
	);
	return { instance, baseUrl: `http://${N8N_HOST}:${PORT}` };
}

async function untilEnded(
	records: ExecutionRecords,
	id: string,
	count: number,
	timeoutMs = 120_000,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (records.finishedCount(id) < count) {
		if (Date.now() > deadline)
			throw new Error(
				`${id}: ${records.finishedCount(id)} executions ended of ${count} callbacks after ${timeoutMs / 1000} s`,
			);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

/** Posts the body until the webhook is registered (404 before), for at most a minute. */
async function untilRegistered(
	url: string,
	headers: Record<string, string>,
	body: Record<string, unknown>,
): Promise<void> {
	const deadline = Date.now() + 60_000;
	for (;;) {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...headers },
			body: JSON.stringify(body),
		});
		const text = await response.text();
		if (response.status === 200) return;
		if (response.status !== 404 || Date.now() > deadline)
			throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** Posts the bodies, AT_ONCE in flight; the time to each answer, in ms. */
async function postAll(
	url: string,
	headers: Record<string, string>,
	bodies: Array<Record<string, unknown>>,
): Promise<number[]> {
	const latencies: number[] = [];
	let next = 0;
	const worker = async () => {
		while (next < bodies.length) {
			const body = bodies[next++];
			const started = process.hrtime.bigint();
			const response = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...headers },
				body: JSON.stringify(body),
			});
			const text = await response.text();
			latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
			if (response.status !== 200)
				throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
		}
	};
	await Promise.all(Array.from({ length: AT_ONCE }, worker));
	return latencies;
}

interface Measured {
	latencies: number[];
	busyMs: number;
	/**
	 * CPU time of n8n's process meanwhile: far less disturbed by the machine's
	 * other work than wall time.
	 */
	n8nCpuMs: number;
}

/**
 * Where n8n's CPU goes on a start node's callbacks: one more block of them, unmeasured, with a CPU
 * profile of n8n's main thread and the CPU time of each of its threads (the profile sees only the
 * main one).
 */
async function profiledBlock(
	n8n: LocalN8n,
	pid: number,
	records: ExecutionRecords,
	variant: Variant,
	block: Array<Record<string, unknown>>,
): Promise<string> {
	const before = records.finishedCount(workflowId(variant));
	const threadsAtStart = cpuMsByThread(pid);
	const cpuAtStart = cpuMsOf(pid);
	const profile = await profiledProcess(pid, N8N_HOST, INSPECTOR_PORT, async () => {
		await postAll(variant.url(n8n.baseUrl), variant.headers, block);
		await untilEnded(records, workflowId(variant), before + block.length);
	});
	const processMs = cpuMsOf(pid) - cpuAtStart;
	const threads = threadCpuBetween(threadsAtStart, cpuMsByThread(pid), processMs);
	const perCallback = (ms: number) => `${(ms / block.length).toFixed(1)} ms`;
	const shares = cpuSharesOf(profile);
	return (
		`over ${block.length} more callbacks to the ${variant.label}, n8n's process took ${perCallback(processMs)} of CPU per callback, by thread (Linux's names): ${threads
			.slice(0, 5)
			.map((thread) => `${thread.name} ${perCallback(thread.ms)}`)
			.join(', ')}; ` +
		`${describeShares(shares, 6, `a CPU profile of n8n's main thread meanwhile (${perCallback(shares.busyMs)} busy per callback)`)}`
	);
}

/**
 * Every callback sent came out as one successful execution with its payment
 * (and verified, where asked).
 */
function checkExecutions(
	records: ExecutionRecords,
	variant: Variant,
	sent: Array<Record<string, unknown>>,
	parse: (flatted: string) => unknown,
): void {
	const executions = records.finished(workflowId(variant), START_NODE, parse);
	const failed = executions.filter((execution) => execution.status !== 'success');
	if (failed.length > 0)
		throw new Error(`${variant.label}: ${failed.length} executions ended ${failed[0].status}`);
	const seen = new Set<string>();
	for (const execution of executions) {
		const item = execution.firstItem ?? {};
		const slug = (item.body as { url?: string } | undefined)?.url;
		if (slug === undefined || seen.has(slug))
			throw new Error(`${variant.label}: execution ${execution.id} has no payment, or a repeat`);
		seen.add(slug);
		if (variant.verified && item.verified !== true)
			throw new Error(`${variant.label}: execution ${execution.id} was not verified`);
	}
	const lost = sent.filter((body) => !seen.has(body.url as string));
	if (lost.length > 0 || executions.length !== sent.length)
		throw new Error(
			`${variant.label}: ${executions.length} executions for ${sent.length} callbacks, ${lost.length} lost`,
		);
}

/** A Pay Trigger's repeat records reached n8n's database: one per callback, as many as it keeps. */
function checkRepeatRecords(records: ExecutionRecords, variant: Variant, sent: number): void {
	if (variant.node.type !== PAY_TRIGGER_TYPE) return;
	const staticData = records.staticDataOf(workflowId(variant));
	const saved = Object.keys(
		savedRepeatRecords(staticData?.[`node:${START_NODE}`] as { seen?: unknown } | undefined),
	).length;
	const expected = Math.min(sent, MAX_REMEMBERED);
	if (saved !== expected)
		throw new Error(
			`${variant.label}: ${saved} repeat records in n8n's database after ${sent} callbacks, not ${expected}`,
		);
}

export async function benchmarkTriggerLoad(sandbox: SandboxEndpoint): Promise<BenchmarkResult> {
	const parse = n8nFlattedParse();
	const n8n = await prepareN8n(sandbox);
	const callbacks = await callbacksOfEachVariant(sandbox);
	// Opened before n8n starts (the imports made the database), so that n8n
	// is stopped whatever fails.
	const records = new ExecutionRecords(n8n.instance.userFolder);
	try {
		n8n.server = await startServer(n8n.instance, join(n8n.instance.userFolder, 'n8n.log'));
		const pid = n8n.server.pid as number;
		await ensureOwner(n8n.baseUrl);
		await warmUpEachVariant(n8n, records, callbacks);
		const started = Date.now();
		const measured = await measuredBlocks(n8n, pid, records, callbacks);
		const minutes = ((Date.now() - started) / 60_000).toFixed(1);
		const of = figuresOf(measured);
		const { met } = ratiosOf(of);
		const profiles = met ? [] : await profiledVariants(n8n, pid, records, callbacks);
		for (const variant of VARIANTS) {
			const sent = sentTo(variant, callbacks, met);
			checkExecutions(records, variant, sent, parse);
			checkRepeatRecords(records, variant, sent.length);
		}
		return triggerLoadResult(of, minutes, profiles);
	} finally {
		records.close();
		if (n8n.server) await stopServer(n8n.server);
	}
}

/** One more block to each of PROFILED, profiled: where n8n's CPU goes. */
async function profiledVariants(
	n8n: LocalN8n,
	pid: number,
	records: ExecutionRecords,
	callbacks: Callbacks,
): Promise<string[]> {
	const profiles: string[] = [];
	for (const name of PROFILED)
		profiles.push(
			await profiledBlock(
				n8n,
				pid,
				records,
				VARIANTS.find((variant) => variant.name === name) as Variant,
				callbacks.profiledBodiesOf.get(name) ?? [],
			),
		);
	return profiles;
}

/** Every callback the start node was sent: warm-up, measured, and profiled when it was. */
function sentTo(
	variant: Variant,
	callbacks: Callbacks,
	met: boolean,
): Array<Record<string, unknown>> {
	return [
		...(callbacks.warmUpOf.get(variant.name) ?? []),
		...(callbacks.bodiesOf.get(variant.name) ?? []),
		...(met ? [] : (callbacks.profiledBodiesOf.get(variant.name) ?? [])),
	];
}

/** n8n's own copy of flatted, the format n8n stores execution data in. */
function n8nFlattedParse(): (text: string) => unknown {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { parse } = require(join(installDirOf(N8N_NEWEST), 'node_modules', 'flatted')) as {
		parse(text: string): unknown;
	};
	return parse;
}

type Bodies = Map<VariantName, Array<Record<string, unknown>>>;

/** Each start node's callbacks: to warm up, to measure, and to profile when a target is missed. */
interface Callbacks {
	warmUpOf: Bodies;
	bodiesOf: Bodies;
	profiledBodiesOf: Bodies;
}

/** Payments of its own for each start node: every callback any of them gets is a new one. */
async function callbacksOfEachVariant(sandbox: SandboxEndpoint): Promise<Callbacks> {
	const each = WARM_UP + CALLBACKS;
	// And one more block each for the Pay Trigger and Webhook v2, sent only to profile them when a
	// target is missed.
	const bodies = await paidCallbackBodies(
		sandbox,
		each * VARIANTS.length + PROFILED.length * BLOCK,
	);
	const profiledBodiesOf = new Map(
		PROFILED.map((name, index) => {
			const start = each * VARIANTS.length + index * BLOCK;
			return [name, bodies.slice(start, start + BLOCK)];
		}),
	);
	const warmUpOf = new Map(
		VARIANTS.map((variant, index) => [
			variant.name,
			bodies.slice(index * each, index * each + WARM_UP),
		]),
	);
	const bodiesOf = new Map(
		VARIANTS.map((variant, index) => [
			variant.name,
			bodies.slice(index * each + WARM_UP, (index + 1) * each),
		]),
	);
	return { warmUpOf, bodiesOf, profiledBodiesOf };
}

/** Each start node's webhook registered, and its warm-up callbacks' executions ended. */
async function warmUpEachVariant(
	n8n: LocalN8n,
	records: ExecutionRecords,
	callbacks: Callbacks,
): Promise<void> {
	for (const variant of VARIANTS) {
		const warmUp = callbacks.warmUpOf.get(variant.name) ?? [];
		await untilRegistered(variant.url(n8n.baseUrl), variant.headers, warmUp[0]);
		await postAll(variant.url(n8n.baseUrl), variant.headers, warmUp.slice(1));
		await untilEnded(records, workflowId(variant), warmUp.length);
	}
}

/** The measured callbacks, in blocks, the start nodes in turn (which goes first rotating). */
async function measuredBlocks(
	n8n: LocalN8n,
	pid: number,
	records: ExecutionRecords,
	callbacks: Callbacks,
): Promise<Map<VariantName, Measured>> {
	const measured = new Map<VariantName, Measured>(
		VARIANTS.map((variant) => [variant.name, { latencies: [], busyMs: 0, n8nCpuMs: 0 }]),
	);
	for (let round = 0; round * BLOCK < CALLBACKS; round++) {
		const order = VARIANTS.map((_, index) => VARIANTS[(index + round) % VARIANTS.length]);
		for (const variant of order) {
			const block = (callbacks.bodiesOf.get(variant.name) ?? []).slice(
				round * BLOCK,
				(round + 1) * BLOCK,
			);
			const before = records.finishedCount(workflowId(variant));
			const blockStarted = process.hrtime.bigint();
			const cpuAtStart = cpuMsOf(pid);
			const latencies = await postAll(variant.url(n8n.baseUrl), variant.headers, block);
			await untilEnded(records, workflowId(variant), before + block.length);
			const entry = measured.get(variant.name) as Measured;
			entry.busyMs += Number(process.hrtime.bigint() - blockStarted) / 1e6;
			entry.n8nCpuMs += cpuMsOf(pid) - cpuAtStart;
			entry.latencies.push(...latencies);
		}
	}
	return measured;
}

interface Figure {
	cpuMsPerCallback: number;
	perSecond: number;
	p50: number;
	p99: number;
}

/** A start node's figures: n8n's CPU per callback, callbacks per second, p50 and p99. */
function figuresOf(measured: Map<VariantName, Measured>): (name: VariantName) => Figure {
	const figures = new Map(
		VARIANTS.map((variant) => {
			const { latencies, busyMs, n8nCpuMs } = measured.get(variant.name) as Measured;
			return [
				variant.name,
				{
					cpuMsPerCallback: n8nCpuMs / latencies.length,
					perSecond: (latencies.length / busyMs) * 1000,
					p50: median(latencies),
					p99: percentile(latencies, 0.99),
				},
			];
		}),
	);
	return (name) => figures.get(name) as Figure;
}

/** The Pay Trigger against n8n's Webhook node v2, and whether both targets are met. */
function ratiosOf(of: (name: VariantName) => Figure) {
	const throughputRatio = of('pay').perSecond / of('webhookV2').perSecond;
	const p50Ratio = of('pay').p50 / of('webhookV2').p50;
	const met = meetsThroughputTarget(throughputRatio) && meetsP50Target(p50Ratio);
	return { throughputRatio, p50Ratio, met };
}

function triggerLoadResult(
	of: (name: VariantName) => Figure,
	minutes: string,
	profiles: string[],
): BenchmarkResult {
	const { throughputRatio, p50Ratio, met } = ratiosOf(of);
	const describe = (variant: Variant) => {
		const figure = of(variant.name);
		return `${variant.label} ${figure.perSecond.toFixed(1)} callbacks/s, p50 ${figure.p50.toFixed(0)} ms, p99 ${figure.p99.toFixed(0)} ms, n8n's CPU ${figure.cpuMsPerCallback.toFixed(1)} ms per callback`;
	};
	// Per callback, CPU time of n8n's process (the service's work is in the sandbox's process).
	const cost = (name: VariantName) => of(name).cpuMsPerCallback;
	const isolateMs = cost('webhookV1') - cost('webhookV2');
	const communityMs = cost('floor') - cost('webhookV2');
	const beyondFloorMs = cost('pay') - cost('floor');
	const packageMs = cost('pay') - cost('webhookV1');
	const verificationMs = cost('pay') - cost('payUnverified');
	// n8n's CPU per second of the run, in cores: near the machine's count, callbacks/s follow CPU.
	const coresBusy = (cost('pay') * of('pay').perSecond) / 1000;
	const heldBack = met
		? ''
		: `; what holds it back: n8n's own CPU per callback, ${cost('pay').toFixed(1)} ms for the Pay Trigger against ${cost('webhookV2').toFixed(1)} ms for the Webhook node v2, the only start node n8n ${N8N_NEWEST.version} runs without an expression isolate (\`webhookPhaseNeedsIsolate\` in n8n's live-webhooks.js skips it for n8n's own Webhook node from version 2, with static parameters, alone), and ${cost('floor').toFixed(1)} ms for the least a community trigger does: ${communityMs <= 0 ? "not the isolate, which costs a community trigger no more than the Webhook node's credential read, but" : 'the isolate, and'} the Pay Trigger's own work, ${beyondFloorMs.toFixed(1)} ms; with the Pay Trigger n8n's process was busy ${coresBusy.toFixed(1)} of the machine's ${cpus().length} cores, so callbacks/s follow its CPU per callback; ${profiles.join('; ')}`;
	return {
		name: `Trigger under load (real n8n ${N8N_NEWEST.version})`,
		figure: `${decisiveFigure(throughputRatio, 2, meetsThroughputTarget)}× callbacks/s, p50 ${decisiveFigure(p50Ratio, 2, meetsP50Target)}×`,
		target: `callbacks/s ≥ ${THROUGHPUT_TARGET}×, p50 ≤ ${P50_TARGET}× n8n's Webhook node v2 with Header Auth`,
		met,
		measured:
			`real n8n ${N8N_NEWEST.version} on its Node ${N8N_NEWEST.nodeVersion}, the sandbox in another process, ${CALLBACKS.toLocaleString('en')} distinct valid payment callbacks per start node, ${AT_ONCE} at a time, answered on receipt, in blocks of ${BLOCK} alternating between the start nodes (all took ${minutes} min); ` +
			`none lost: one successful execution per callback, with its payment, read from n8n's database${VARIANTS.some((variant) => variant.verified) ? ', each Pay Trigger item verified with the service' : ''}, each Pay Trigger's repeat records in n8n's database (as many as it keeps); callbacks/s until every execution had ended; p50/p99 time to the answer: ` +
			`${VARIANTS.map(describe).join('; ')}. ` +
			`Apart, in n8n's CPU time per callback: what n8n ${N8N_NEWEST.version} spends on any community trigger beyond its own Webhook node v2 (the least a community trigger does − Webhook v2) ${communityMs.toFixed(1)} ms; the Pay Trigger's own work (Pay Trigger − the least a community trigger does) ${beyondFloorMs.toFixed(1)} ms, and its callbacks/s ${(of('pay').perSecond / of('floor').perSecond).toFixed(2)}× those of the least a community trigger does; what n8n 2.41 adds for a start node other than its own Webhook node v2 (an expression isolate for the webhook phase, and for a node of version 1 an expression per callback; Webhook v1 − Webhook v2) ${isolateMs.toFixed(1)} ms; the Pay Trigger (version 2) against Webhook v1 (Pay Trigger − Webhook v1: the package's work, less Webhook v1's credential read per callback and its version 1 expression) ${packageMs.toFixed(1)} ms, of which the verification (one read of the payment from the service through n8n's HTTP helper; Pay Trigger − Pay Trigger with verification off) ${verificationMs.toFixed(1)} ms${heldBack}`,
	};
}
