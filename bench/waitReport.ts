/** The wait benchmark's figures: the verification read timed on its own, and the row's text. */
import { request } from 'http';

import type { SandboxEndpoint } from '../sandbox';
import { N8N_NEWEST } from '../scripts/n8nRuntime/releases';
import { login } from '../test/sandbox/apiClient';
import type { BenchmarkResult } from './measure';
import { decisiveFigure, median, percentile } from './measure';
import { SIDES } from './waitWorkflows';
import type { SideName } from './waitWorkflows';

const TARGET = 1.2;
const READS = 50;

export interface Timing {
	/** From just before the POST to the start n8n recorded for the next node. */
	toNextMs: number;
	/** From just before the POST to its answer. */
	answerMs: number;
	/** n8n's CPU time from before the POST until the execution had ended. */
	cpuMs: number;
}

export interface Measured {
	timings: Map<SideName, Timing[]>;
	/** The service's requests during the measured resumes, per route. */
	requests: Record<string, number>;
	/** A link paid on the way, to time the verification read with. */
	slug: string;
	/** n8n's CPU profiles per side, when the target was missed. */
	profiles: string[];
}

/**
 * `GET /pay_detail/` against the sandbox, a new connection each (as n8n's
 * HTTP helper opens): ms each.
 */
export async function timedReads(sandbox: SandboxEndpoint, slug: string): Promise<number[]> {
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

function spread(values: number[]): string {
	return `median ${median(values).toFixed(0)} ms, p90 ${percentile(values, 0.9).toFixed(0)} ms`;
}

function describeSide(name: SideName, timings: Timing[]): string {
	const label = SIDES.find((side) => side.name === name)?.label;
	const of = (key: keyof Timing) => timings.map((timing) => timing[key]);
	const cpu = of('cpuMs').reduce((sum, ms) => sum + ms, 0) / timings.length;
	return `${label}: to the next node's start ${spread(of('toNextMs'))}; to the callback's answer ${spread(of('answerMs'))}; n8n's CPU ${cpu.toFixed(1)} ms per resume`;
}

/** Medians apart: n8n's credential read in a resume's webhook, and what the Pay node adds to it. */
function apart(measured: Measured, read: number): string {
	const of = (name: SideName) => measured.timings.get(name) as Timing[];
	const wall = (name: SideName) => median(of(name).map((timing) => timing.toNextMs));
	const cpu = (name: SideName) =>
		of(name).reduce((sum, timing) => sum + timing.cpuMs, 0) / of(name).length;
	const both = (from: SideName, to: SideName) =>
		`${(wall(from) - wall(to)).toFixed(0)} ms (n8n's CPU ${(cpu(from) - cpu(to)).toFixed(1)} ms)`;
	return (
		`apart, medians to the next node: n8n reading a credential in a resume's webhook (Wait with Header Auth − Wait; n8n 2.41 takes an expression isolate for each credential read outside a node's run: \`applyDefaultsAndOverwrites\` in n8n's credentials-helper.js, reached through the webhook's \`getCredentials\`) ${both('waitAuth', 'wait')}; ` +
		`the Pay node's own work on top (Pay − Wait with Header Auth: the secret check, the verification read, the output) ${both('pay', 'waitAuth')}, of which the verification read alone takes ${read.toFixed(0)} ms`
	);
}

export function described(measured: Measured, reads: number[], minutes: string): BenchmarkResult {
	const of = (name: SideName) => measured.timings.get(name) as Timing[];
	const toNext = (name: SideName) => of(name).map((timing) => timing.toNextMs);
	const cpu = (name: SideName) => of(name).reduce((sum, timing) => sum + timing.cpuMs, 0);
	const [pay, wait, read] = [median(toNext('pay')), median(toNext('wait')), median(reads)];
	const ratio = pay / wait;
	// The target allows the Pay side one verification read on top of 1.2× the Wait node's time.
	const withoutRead = (pay - read) / wait;
	const meets = (figure: number) => figure <= TARGET;
	const p90Ratio = percentile(toNext('pay'), 0.9) / percentile(toNext('wait'), 0.9);
	const requests = Object.entries(measured.requests)
		.map(([route, times]) => `${route} ${times}`)
		.join(', ');
	const sides = SIDES.map((side) => describeSide(side.name, of(side.name))).join('; ');
	return {
		name: `Wait for payment: callback to the next node (real n8n ${N8N_NEWEST.version})`,
		figure: `${decisiveFigure(ratio, 2, meets)}× (${decisiveFigure(withoutRead, 2, meets)}× less the verification read)`,
		target: `≤ ${TARGET}× n8n's Wait node, plus the one verification read`,
		met: meets(withoutRead),
		measured:
			`real n8n ${N8N_NEWEST.version} on its Node ${N8N_NEWEST.nodeVersion} (regular mode, SQLite), the sandbox in another process; ${of('pay').length} executions per workflow, each waiting, resumed one at a time by one HTTP POST (the Pay node: the callback the sandbox would send for its link, paid in the sandbox, to the callback URL it holds; n8n's Wait node, and the Wait node with Header Auth: the same body to their resume URLs), in turn between the workflows in blocks, which goes first rotating each block (all took ${minutes} min); ` +
			`the time from just before the POST to the start n8n recorded for the next node, Pay against the Wait node: median ratio ${ratio.toFixed(2)}×, p90 ratio ${p90Ratio.toFixed(2)}×, n8n's CPU per resume ${(cpu('pay') / cpu('wait')).toFixed(2)}×; ${sides}; ` +
			`the service's requests during the measured resumes (the Wait nodes make none): ${requests || 'none'} (one verification read per callback); one \`GET /pay_detail/\` against the same sandbox, timed from the benchmark's process with a new connection each as n8n's HTTP helper opens: ${spread(reads)} over ${reads.length} reads; the Pay node's median less that read: ${(pay - read).toFixed(0)} ms, ${withoutRead.toFixed(2)}× the Wait node's; ${apart(measured, read)}` +
			(meets(withoutRead)
				? ''
				: `; what holds it back: n8n's own cost of the credential read every resume of the Pay node needs (for the Callback Secret and the verification read), the Wait node reading none; with Header Auth, where it reads one, the Wait node took ${(median(toNext('waitAuth')) / wait).toFixed(2)}× its own time`) +
			(measured.profiles.length > 0 ? `; ${measured.profiles.join('; ')}` : ''),
	};
}
