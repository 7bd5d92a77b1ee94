/**
 * From the service's callback to the next node, in a real n8n (the newest of the local runtime, on
 * its Node, regular mode): Payment → Create and Wait for Payment against n8n's own Wait node
 * (Resume: On Webhook Call, POST), each in a workflow Webhook → "Resume URL" (a Set node keeping
 * `$execution.resumeUrl`) → the waiting node → "Next" (No Operation).
 *
 * Each round starts BLOCK executions of each workflow and waits until all are waiting; then each is
 * resumed by one HTTP POST at a known instant, one at a time (the next only once the previous
 * execution has ended), alternating between the two workflows and swapping which goes first each
 * round. The Pay side's link is paid in the sandbox without its callback (`callback: false`), and
 * the body the sandbox would have sent is posted to the callback URL it holds (this execution's
 * resume URL with the Callback Secret): so the node's verification read (`GET /pay_detail/`) finds
 * it paid. The Wait side gets the same POST (the same kind of body) at its resume URL. The time is
 * from just before the POST to the start n8n recorded for "Next" (both clocks are this machine's).
 * The verification read is also timed on its own against the same sandbox, from this process, a
 * new connection per request as n8n's HTTP helper opens.
 */
import type { ChildProcess } from 'child_process';
import { request } from 'http';
import { join } from 'path';

import type { SandboxEndpoint } from '../sandbox';
import { startServer, stopServer } from '../scripts/n8nRuntime/n8nCli';
import { ensureOwner } from '../scripts/n8nRuntime/owner';
import { N8N_HOST } from '../scripts/n8nRuntime/paths';
import { installDirOf, N8N_NEWEST } from '../scripts/n8nRuntime/releases';
import { postToWebhook } from '../test/e2e/n8nRest';
import { login } from '../test/sandbox/apiClient';
import { ExecutionRecords } from './executionRecords';
import type { BenchmarkResult } from './measure';
import { decisiveFigure, median, percentile } from './measure';
import { NEXT_NODE, prepareWaitN8n, RESUME_URL_NODE, SIDES } from './waitWorkflows';
import type { Side, SideName } from './waitWorkflows';

/** `PAY_BENCH_WAIT_PORT`: n8n's port (its task broker takes the port 10 above, the CLI's 11 above). */
const PORT = Number(process.env.PAY_BENCH_WAIT_PORT ?? 5940);
/** `PAY_BENCH_WAIT_RESUMES=10` to scale down: resumes per side, measured. */
const RESUMES = Number(process.env.PAY_BENCH_WAIT_RESUMES ?? 40);
const BLOCK = Math.min(10, RESUMES);
const WARM_UP = 3;
const TARGET = 1.2;
const READS = 50;

interface Resume {
	side: SideName;
	executionId: string;
	url: string;
	body: Record<string, unknown>;
	/** The link, on the Pay side. */
	slug?: string;
}

interface Timing {
	toNextMs: number;
	answerMs: number;
	/** From the POST to the waiting node's resumed run's start, where n8n recorded one. */
	toNodeMs?: number;
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

/** Starts `count` executions of the side's workflow and waits until they are all waiting; their ids. */
async function startWaiting(
	baseUrl: string,
	records: ExecutionRecords,
	side: Side,
	count: number,
	serial: { next: number },
): Promise<string[]> {
	const known = new Set(records.idsWith(side.workflowId, 'waiting'));
	for (let index = 0; index < count; index++) {
		const invoice = `BENCH-WAIT-${side.name}-${serial.next++}`;
		const response = await postToWebhook(`${baseUrl}/webhook/${side.path}`, {
			amount: 10000 + serial.next,
			invoice,
		});
		await response.arrayBuffer();
		if (response.status !== 200) throw new Error(`${side.path} answered ${response.status}`);
	}
	return await until(`${count} executions of ${side.workflowId} waiting`, () => {
		const fresh = records.idsWith(side.workflowId, 'waiting').filter((id) => !known.has(id));
		return fresh.length >= count ? fresh : undefined;
	});
}

/**
 * Where each waiting execution is resumed, and for Pay with what: its link paid (the callback held
 * back) and the callback the sandbox would have sent.
 */
async function resumesOf(
	sandbox: SandboxEndpoint,
	records: ExecutionRecords,
	parse: (flatted: string) => unknown,
	side: Side,
	ids: string[],
): Promise<Resume[]> {
	const payments = side.name === 'pay' ? await sandbox.control.payments() : [];
	return await Promise.all(
		ids.map(async (executionId): Promise<Resume> => {
			const runData = records.runDataOf(executionId, parse);
			const resumeUrl = String(runData[RESUME_URL_NODE]?.[0]?.data?.main?.[0]?.[0]?.json.resumeUrl);
			// The Wait side's body is the Pay side's, set once both are known.
			if (side.name === 'wait') return { side: side.name, executionId, url: resumeUrl, body: {} };
			const link = payments.find((payment) => (payment.callback ?? '').startsWith(`${resumeUrl}&`));
			if (!link) throw new Error(`execution ${executionId}: no link calls back to ${resumeUrl}`);
			await sandbox.control.pay(link.slug, undefined, false);
			const body = await sandbox.control.callbackBody(link.slug);
			return { side: side.name, executionId, url: link.callback ?? '', body, slug: link.slug };
		}),
	);
}

/** One POST at a known instant; waits until the execution has ended; its start time. */
async function resume(
	records: ExecutionRecords,
	item: Resume,
): Promise<{ sentAt: number; answerMs: number }> {
	const sentAt = Date.now();
	const started = process.hrtime.bigint();
	const response = await fetch(item.url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(item.body),
	});
	const text = await response.text();
	const answerMs = Number(process.hrtime.bigint() - started) / 1e6;
	if (response.status !== 200)
		throw new Error(`${item.side} resume answered ${response.status}: ${text.slice(0, 300)}`);
	const status = await until(`execution ${item.executionId} ended`, () => {
		const now = records.statusOf(item.executionId);
		return now === 'waiting' || now === 'running' || now === 'new' ? undefined : now;
	});
	if (status !== 'success') throw new Error(`execution ${item.executionId} ended ${status}`);
	return { sentAt, answerMs };
}

function timingOf(
	records: ExecutionRecords,
	parse: (flatted: string) => unknown,
	side: Side,
	item: Resume,
	sent: { sentAt: number; answerMs: number },
): Timing {
	const runData = records.runDataOf(item.executionId, parse);
	const next = runData[NEXT_NODE]?.[0];
	if (!next) throw new Error(`execution ${item.executionId}: "${NEXT_NODE}" did not run`);
	const output = runData[side.nodeName]?.[0]?.data?.main?.[0]?.[0]?.json ?? {};
	if (side.name === 'pay' && (output.payment_outcome !== 'paid' || output.slug !== item.slug))
		throw new Error(
			`execution ${item.executionId}: the Pay node put out ${JSON.stringify(output).slice(0, 300)}`,
		);
	const waitingRun = runData[side.nodeName]?.[runData[side.nodeName].length - 1];
	return {
		toNextMs: next.startTime - sent.sentAt,
		answerMs: sent.answerMs,
		toNodeMs: waitingRun ? waitingRun.startTime - sent.sentAt : undefined,
	};
}

/** One `GET /pay_detail/` against the sandbox, a new connection each (as n8n's HTTP helper opens): ms each. */
async function timedReads(sandbox: SandboxEndpoint, slug: string): Promise<number[]> {
	const client = await login(sandbox);
	const url = new URL(`/pay_detail/${slug}`, sandbox.baseUrl);
	const headers = {
		'x-api-key': sandbox.demo.apiKey,
		authorization: `Bearer ${client.accessToken}`,
	};
	const one = async () =>
		await new Promise<number>((resolve, reject) => {
			const started = process.hrtime.bigint();
			const sent = request(url, { headers, agent: false }, (answer) => {
				answer.resume();
				answer.on('end', () => {
					if (answer.statusCode !== 200) reject(new Error(`pay_detail: ${answer.statusCode}`));
					else resolve(Number(process.hrtime.bigint() - started) / 1e6);
				});
			});
			sent.on('error', reject);
			sent.end();
		});
	const times: number[] = [];
	for (let index = 0; index < READS; index++) times.push(await one());
	return times;
}

interface Measured {
	timings: Map<SideName, Timing[]>;
	/** The service's requests during the measured resumes, per route. */
	requests: Record<string, number>;
	/** A link paid on the way, to time the verification read with. */
	slug: string;
}

/** The warm-up round (unmeasured), then rounds of BLOCK resumes per side, alternating. */
async function measure(
	sandbox: SandboxEndpoint,
	baseUrl: string,
	records: ExecutionRecords,
	parse: (flatted: string) => unknown,
): Promise<Measured> {
	const measured: Measured = {
		timings: new Map(SIDES.map((side) => [side.name, []])),
		requests: {},
		slug: '',
	};
	const serial = { next: 1 };
	const blocks = Array.from({ length: Math.ceil(RESUMES / BLOCK) }, (_, index) =>
		Math.min(BLOCK, RESUMES - index * BLOCK),
	);
	for (const [round, count] of [WARM_UP, ...blocks].entries()) {
		const bySide = new Map<SideName, Resume[]>();
		for (const side of SIDES) {
			const ids = await startWaiting(baseUrl, records, side, count, serial);
			bySide.set(side.name, await resumesOf(sandbox, records, parse, side, ids));
		}
		// The same body on both sides: the callback the sandbox would send for the Pay side's link.
		const payResumes = bySide.get('pay') as Resume[];
		for (const [index, item] of (bySide.get('wait') as Resume[]).entries())
			item.body = payResumes[index].body;
		const order = round % 2 ? [...SIDES].reverse() : SIDES;
		// The service's requests during the resumes only: the creations are behind.
		await sandbox.control.resetCounters();
		for (let index = 0; index < count; index++)
			for (const side of order) {
				const item = (bySide.get(side.name) as Resume[])[index];
				const sent = await resume(records, item);
				if (round > 0)
					measured.timings.get(side.name)?.push(timingOf(records, parse, side, item, sent));
			}
		if (round === 0) continue;
		measured.slug = payResumes[0].slug ?? '';
		for (const [route, times] of Object.entries(await sandbox.control.counters()))
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
	const instance = await prepareWaitN8n(sandbox, PORT);
	const baseUrl = `http://${N8N_HOST}:${PORT}`;
	// Opened before n8n starts (the imports made the database), so that n8n is stopped whatever fails.
	const records = new ExecutionRecords(instance.userFolder);
	let server: ChildProcess | undefined;
	try {
		server = await startServer(instance, join(instance.userFolder, 'n8n.log'));
		await ensureOwner(baseUrl);
		const started = Date.now();
		const measured = await measure(sandbox, baseUrl, records, parse);
		const minutes = ((Date.now() - started) / 60_000).toFixed(1);
		return described(measured, await timedReads(sandbox, measured.slug), minutes);
	} finally {
		records.close();
		if (server) await stopServer(server);
	}
}

function spread(values: number[]): string {
	return `median ${median(values).toFixed(0)} ms, p90 ${percentile(values, 0.9).toFixed(0)} ms`;
}

function described(measured: Measured, reads: number[], minutes: string): BenchmarkResult {
	const of = (name: SideName) => measured.timings.get(name) as Timing[];
	const toNext = (name: SideName) => of(name).map((timing) => timing.toNextMs);
	const pay = median(toNext('pay'));
	const wait = median(toNext('wait'));
	const read = median(reads);
	const ratio = pay / wait;
	// The target allows the Pay side one verification read on top of 1.2× the Wait node's time.
	const withoutRead = (pay - read) / wait;
	const meets = (figure: number) => figure <= TARGET;
	const p90Ratio = percentile(toNext('pay'), 0.9) / percentile(toNext('wait'), 0.9);
	const side = (name: SideName) => {
		const label = SIDES.find((candidate) => candidate.name === name)?.label;
		const answers = of(name).map((timing) => timing.answerMs);
		return `${label}: to the next node's start ${spread(toNext(name))}; to the callback's answer ${spread(answers)}`;
	};
	const requests = Object.entries(measured.requests)
		.map(([route, times]) => `${route} ${times}`)
		.join(', ');
	return {
		name: `Wait for payment: callback to the next node (real n8n ${N8N_NEWEST.version})`,
		figure: `${decisiveFigure(ratio, 2, meets)}× (${decisiveFigure(withoutRead, 2, meets)}× less the verification read)`,
		target: `≤ ${TARGET}× n8n's Wait node, plus the one verification read`,
		met: meets(withoutRead),
		measured:
			`real n8n ${N8N_NEWEST.version} on its Node ${N8N_NEWEST.nodeVersion} (regular mode, SQLite), the sandbox in another process; ${RESUMES} executions per side, each waiting, resumed one at a time by one HTTP POST (the Pay side: the callback the sandbox would send for its link, paid in the sandbox, to the callback URL it holds; the Wait node: the same body to its resume URL), alternating between the sides in blocks of ${BLOCK}, which goes first swapped each block (all took ${minutes} min); ` +
			`the time from just before the POST to the start n8n recorded for the next node (median ratio ${ratio.toFixed(2)}×, p90 ratio ${p90Ratio.toFixed(2)}×): ${side('pay')}; ${side('wait')}; ` +
			`the service's requests during the Pay side's resumes: ${requests || 'none'} (one verification read per callback); one \`GET /pay_detail/\` against the same sandbox, timed from the benchmark's process with a new connection each as n8n's HTTP helper opens, ${spread(reads)} over ${reads.length} reads; the Pay side's median less that read's: ${(pay - read).toFixed(0)} ms, ${withoutRead.toFixed(2)}× the Wait node's`,
	};
}
