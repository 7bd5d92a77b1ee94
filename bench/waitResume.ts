/**
 * From the service's callback to the next node, in a real n8n (the newest of the local runtime, on
 * its Node, regular mode): Payment → Create and Wait for Payment against n8n's own Wait node
 * (Resume: On Webhook Call, POST), in workflows alike but for that node (waitWorkflows.ts); and
 * the Wait node with Header Auth, which like the Pay node reads a credential on every resume.
 *
 * Each round starts BLOCK executions of each workflow and waits until all are waiting; then each is
 * resumed by one HTTP POST at a known instant, one at a time (the next only once the previous
 * execution has ended), in turn between the workflows, which goes first rotating each round. The
 * Pay side's link is paid in the sandbox without its callback (`callback: false`), and the body the
 * sandbox would have sent is posted to the callback URL it holds (the waiting node's resume URL,
 * its token): so the node's verification read (`GET /pay_detail/`) finds it paid. The
 * Wait nodes get the same body at their resume URLs. The time is from just before the POST to the
 * start n8n recorded for "Next" (both clocks are this machine's); n8n's CPU time meanwhile is taken
 * too, as the wall time on a shared machine varies far more. The verification read is also timed on
 * its own against the same sandbox. When the target is missed, one more block per side is resumed
 * under a CPU profile of n8n's main thread (waitProfile.ts).
 */
import type { ChildProcess } from 'child_process';
import { join } from 'path';

import type { SandboxEndpoint } from '../sandbox';
import { startServer, stopServer } from '../scripts/n8nRuntime/n8nCli';
import { ensureOwner } from '../scripts/n8nRuntime/owner';
import { N8N_HOST } from '../scripts/n8nRuntime/paths';
import { installDirOf, N8N_NEWEST } from '../scripts/n8nRuntime/releases';
import { postToWebhook } from '../test/e2e/n8nRest';
import { ExecutionRecords } from './executionRecords';
import type { BenchmarkResult } from './measure';
import { cpuMsOf } from './processCpu';
import { described, timedReads } from './waitReport';
import type { Measured, Timing } from './waitReport';
import { profiledN8n } from './waitProfile';
import { NEXT_NODE, prepareWaitN8n, RESUME_URL_NODE, SIDES } from './waitWorkflows';
import type { Side, SideName } from './waitWorkflows';

/**
 * `PAY_BENCH_WAIT_PORT`: n8n's port (its task broker takes the port 10 above, the CLI's 11 above,
 * and its inspector, opened only to profile a missed target, 12 above).
 */
const PORT = Number(process.env.PAY_BENCH_WAIT_PORT ?? 5940);
/** `PAY_BENCH_WAIT_RESUMES=10` to scale down: resumes per side, measured. */
export const RESUMES = Number(process.env.PAY_BENCH_WAIT_RESUMES ?? 40);
export const BLOCK = Math.min(10, RESUMES);
const WARM_UP = 3;

export interface WaitRun {
	sandbox: SandboxEndpoint;
	baseUrl: string;
	records: ExecutionRecords;
	parse(flatted: string): unknown;
	/** n8n's process. */
	pid: number;
	inspectorPort: number;
	/** Numbers the invoices, so that every link is a new one. */
	serial: { next: number };
}

export interface Resume {
	side: SideName;
	executionId: string;
	url: string;
	body: Record<string, unknown>;
	/** The link, on the Pay side. */
	slug?: string;
}

async function until<T>(what: string, check: () => T | undefined, timeoutMs = 60_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = check();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}

/**
 * Starts `count` executions of the side's workflow and waits until they are all waiting; their ids.
 */
async function startWaiting(run: WaitRun, side: Side, count: number): Promise<string[]> {
	const known = new Set(run.records.idsWith(side.workflowId, 'waiting'));
	for (let index = 0; index < count; index++) {
		const serial = run.serial.next++;
		const response = await postToWebhook(`${run.baseUrl}/webhook/${side.path}`, {
			amount: 10000 + serial,
			invoice: `BENCH-WAIT-${side.name}-${serial}`,
		});
		await response.arrayBuffer();
		if (response.status !== 200) throw new Error(`${side.path} answered ${response.status}`);
	}
	return await until(`${count} executions of ${side.workflowId} waiting`, () => {
		const fresh = run.records.idsWith(side.workflowId, 'waiting').filter((id) => !known.has(id));
		return fresh.length >= count ? fresh : undefined;
	});
}

/**
 * Where each waiting execution is resumed, and for Pay with what: its link paid (the callback held
 * back) and the callback the sandbox would have sent.
 */
async function resumesOf(run: WaitRun, side: Side, ids: string[]): Promise<Resume[]> {
	const payments = side.name === 'pay' ? await run.sandbox.control.payments() : [];
	return await Promise.all(
		ids.map(async (executionId): Promise<Resume> => {
			const runData = run.records.runDataOf(executionId, run.parse);
			const resumeUrl = String(runData[RESUME_URL_NODE]?.[0]?.data?.main?.[0]?.[0]?.json.resumeUrl);
			// The Wait nodes' body is the Pay node's, set once all are known.
			if (side.name !== 'pay') return { side: side.name, executionId, url: resumeUrl, body: {} };
			// The link calls back to the waiting node: the execution's resume URL, `/{node id}` added.
			const executionPath = `${new URL(resumeUrl).pathname}/`;
			const link = payments.find((payment) =>
				new URL(payment.callback || 'http://none/').pathname.startsWith(executionPath),
			);
			if (!link) throw new Error(`execution ${executionId}: no link calls back to ${resumeUrl}`);
			await run.sandbox.control.pay(link.slug, undefined, false);
			const body = await run.sandbox.control.callbackBody(link.slug);
			return { side: side.name, executionId, url: link.callback ?? '', body, slug: link.slug };
		}),
	);
}

/** `count` waiting executions per side, each with what resumes it; the same body on both sides. */
export async function waitingRound(
	run: WaitRun,
	count: number,
	sides: Side[] = SIDES,
): Promise<Map<SideName, Resume[]>> {
	const bySide = new Map<SideName, Resume[]>();
	for (const side of sides)
		bySide.set(side.name, await resumesOf(run, side, await startWaiting(run, side, count)));
	const pay = bySide.get('pay');
	for (const side of sides.filter((candidate) => candidate.name !== 'pay'))
		for (const [index, item] of (bySide.get(side.name) ?? []).entries())
			item.body = pay?.[index].body ?? { url: `bench-${item.executionId}`, state: 3, payed: true };
	return bySide;
}

/** One POST at a known instant, then until the execution has ended; what it took. */
export async function resume(run: WaitRun, side: Side, item: Resume): Promise<Timing> {
	const cpuAtStart = cpuMsOf(run.pid);
	const sentAt = Date.now();
	const started = process.hrtime.bigint();
	const response = await fetch(item.url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...side.headers },
		body: JSON.stringify(item.body),
	});
	const text = await response.text();
	const answerMs = Number(process.hrtime.bigint() - started) / 1e6;
	if (response.status !== 200)
		throw new Error(`${item.side} resume answered ${response.status}: ${text.slice(0, 300)}`);
	const status = await until(`execution ${item.executionId} ended`, () => {
		const now = run.records.statusOf(item.executionId);
		return now === 'waiting' || now === 'running' || now === 'new' ? undefined : now;
	});
	const cpuMs = cpuMsOf(run.pid) - cpuAtStart;
	if (status !== 'success') throw new Error(`execution ${item.executionId} ended ${status}`);
	const runData = run.records.runDataOf(item.executionId, run.parse);
	const next = runData[NEXT_NODE]?.[0];
	if (!next) throw new Error(`execution ${item.executionId}: "${NEXT_NODE}" did not run`);
	const output = runData[side.nodeName]?.[0]?.data?.main?.[0]?.[0]?.json ?? {};
	if (side.name === 'pay' && (output.payment_outcome !== 'paid' || output.slug !== item.slug))
		throw new Error(`execution ${item.executionId}: Pay put out ${JSON.stringify(output)}`);
	return { toNextMs: next.startTime - sentAt, answerMs, cpuMs };
}

/** One more block of the side's resumes, unmeasured, under a CPU profile of n8n's main thread. */
async function profiledSide(run: WaitRun, side: Side): Promise<string> {
	const items = (await waitingRound(run, BLOCK, [side])).get(side.name) as Resume[];
	return await profiledN8n(
		run.pid,
		`${N8N_HOST}:${run.inspectorPort}`,
		side.label,
		items.length,
		async () => {
			for (const item of items) await resume(run, side, item);
		},
	);
}

/** The warm-up round (unmeasured), then rounds of BLOCK resumes per side, alternating. */
async function measure(run: WaitRun): Promise<Measured> {
	const measured: Measured = {
		timings: new Map(SIDES.map((side) => [side.name, []])),
		requests: {},
		slug: '',
		profiles: [],
	};
	const blocks = Array.from({ length: Math.ceil(RESUMES / BLOCK) }, (_, index) =>
		Math.min(BLOCK, RESUMES - index * BLOCK),
	);
	for (const [round, count] of [WARM_UP, ...blocks].entries()) {
		const bySide = await waitingRound(run, count);
		const order = SIDES.map((_, index) => SIDES[(index + round) % SIDES.length]);
		// The service's requests during the resumes only: the creations are behind.
		await run.sandbox.control.resetCounters();
		for (let index = 0; index < count; index++)
			for (const side of order) {
				const timing = await resume(run, side, (bySide.get(side.name) as Resume[])[index]);
				if (round > 0) measured.timings.get(side.name)?.push(timing);
			}
		if (round === 0) continue;
		measured.slug = bySide.get('pay')?.[0].slug ?? '';
		for (const [route, times] of Object.entries(await run.sandbox.control.counters()))
			measured.requests[route] = (measured.requests[route] ?? 0) + times;
	}
	return measured;
}

export async function benchmarkWaitResume(sandbox: SandboxEndpoint): Promise<BenchmarkResult> {
	// n8n's own copy of flatted, the format n8n stores execution data in.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { parse } = require(join(installDirOf(N8N_NEWEST), 'node_modules', 'flatted')) as {
		parse(text: string): unknown;
	};
	const inspectorPort = PORT + 12;
	const instance = await prepareWaitN8n(sandbox, PORT, `${N8N_HOST}:${inspectorPort}`);
	const baseUrl = `http://${N8N_HOST}:${PORT}`;
	// Opened before n8n starts (the imports made the database), so that n8n
	// is stopped whatever fails.
	const records = new ExecutionRecords(instance.userFolder);
	let server: ChildProcess | undefined;
	try {
		server = await startServer(instance, join(instance.userFolder, 'n8n.log'));
		await ensureOwner(baseUrl);
		const pid = server.pid as number;
		const run: WaitRun = {
			sandbox,
			baseUrl,
			records,
			parse,
			pid,
			inspectorPort,
			serial: { next: 1 },
		};
		const started = Date.now();
		const measured = await measure(run);
		const minutes = ((Date.now() - started) / 60_000).toFixed(1);
		const reads = await timedReads(sandbox, measured.slug);
		const result = described(measured, reads, minutes);
		if (result.met) return result;
		for (const side of SIDES.filter((candidate) => candidate.name !== 'wait'))
			measured.profiles.push(await profiledSide(run, side));
		return described(measured, reads, minutes);
	} finally {
		records.close();
		if (server) await stopServer(server);
	}
}
