/**
 * 1,000 requests through the Pay node versus the reference node (bench/floorNode.ts: the least any
 * n8n node does for the same requests, through the same engine, credential and HTTP helper), in
 * the same run against the same sandbox: payment creations with fields mapped from the items (the
 * invoicing case), with fixed fields, and reads. Each round runs both nodes back to back, alternating
 * which goes first, and gives one ratio of the process's CPU time (the sandbox runs in its own
 * process); the figure is the median of the rounds' ratios. On a shared virtual machine the CPU
 * time of the same work drifts by a fifth from minute to minute: two runs seconds apart see the same
 * machine, two medians taken over minutes do not. A plain axios loop making the same requests is
 * measured alongside, as context: the floor under every n8n node, not a target (n8n's HTTP helper
 * opens a connection per request).
 */
import type { AxiosInstance } from 'axios';

import type { SandboxEndpoint } from '../sandbox';
import { describeShares, profiled } from './cpuProfile';
import { decisiveFigure, median, timed } from './measure';
import type { BenchmarkResult } from './measure';
import {
	CREATE_PARAMETERS,
	floorCreateParameters,
	invoiceRows,
	runFloorNode,
	runNode,
} from './nodeRuns';
import { plainClient, plainCreations } from './plainClient';

const COUNT = 1000;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const N8N_CORE_VERSION = (require('n8n-core/package.json') as { version: string }).version;
const ROUNDS = 9;
const TARGET = 1.05;
const meetsTarget = (ratio: number) => ratio <= TARGET;

interface Case {
	name: string;
	node(): Promise<unknown>;
	/** The same requests through the reference node: what any n8n node costs (bench/floorNode.ts). */
	floor(): Promise<unknown>;
	plain(round: number, client: AxiosInstance): Promise<unknown>;
}

export async function benchmarkOverhead(sandbox: SandboxEndpoint): Promise<BenchmarkResult[]> {
	const rows = invoiceRows(COUNT);
	const reusing = await plainClient(sandbox);
	const connectionPerRequest = await plainClient(sandbox, false);
	const plainCreate = (round: number, mapped: boolean, client: AxiosInstance) => async () =>
		await plainCreations(client, rows, mapped, `plain-${mapped}-${round}`);
	const slug =
		((await runNode(sandbox, CREATE_PARAMETERS, rows.slice(0, 1))).items[0].json.slug as string) ??
		'';
	const cases: Case[] = [
		{
			name: 'create, fields mapped from items',
			node: async () => await runNode(sandbox, CREATE_PARAMETERS, rows),
			floor: async () => await runFloorNode(sandbox, floorCreateParameters(true), rows),
			plain: (round, client) => plainCreate(round, true, client)(),
		},
		{
			name: 'create, fixed fields',
			node: async () =>
				await runNode(sandbox, { ...CREATE_PARAMETERS, amount: 1000, description: 'fixed' }, rows),
			floor: async () => await runFloorNode(sandbox, floorCreateParameters(false), rows),
			plain: (round, client) => plainCreate(round, false, client)(),
		},
		{
			name: 'read (Payment → Get)',
			node: async () =>
				await runNode(sandbox, { resource: 'payment', operation: 'get', slug }, rows),
			floor: async () => await runFloorNode(sandbox, { operation: 'get', slug }, rows),
			plain: async (_round, client) => {
				for (let index = 0; index < COUNT; index++) await client.get(`/pay_detail/${slug}`);
			},
		},
	];
	// Warm-up: first-use compilation is not what is measured.
	for (const entry of cases) {
		await entry.node();
		await entry.floor();
		await entry.plain(-1, reusing);
	}
	const results: BenchmarkResult[] = [];
	const context: string[] = [];
	for (const entry of cases) {
		const nodeTimes: number[] = [];
		const floorTimes: number[] = [];
		const ratios: number[] = [];
		const plainTimes: number[] = [];
		const freshConnectionTimes: number[] = [];
		for (let round = 0; round < ROUNDS; round++) {
			// Alternated, so a slower stretch of the shared machine falls on both sides.
			let nodeMs = 0;
			let floorMs = 0;
			const pair = [
				async () => (nodeMs = (await timed(entry.node)).cpuMs),
				async () => (floorMs = (await timed(entry.floor)).cpuMs),
			];
			for (const run of round % 2 ? pair.reverse() : pair) await run();
			nodeTimes.push(nodeMs);
			floorTimes.push(floorMs);
			ratios.push(nodeMs / floorMs);
			plainTimes.push((await timed(() => entry.plain(round, reusing))).cpuMs);
			freshConnectionTimes.push(
				(await timed(() => entry.plain(round + ROUNDS, connectionPerRequest))).cpuMs,
			);
		}
		const ratio = median(ratios);
		const met = meetsTarget(ratio);
		const heldBack = met
			? ''
			: `; what holds it back: the Pay node takes about ${((1000 * (ratio - 1) * median(floorTimes)) / COUNT).toFixed(0)} µs more CPU per request than the reference node (the figure's excess over the reference node's median); ${describeShares(await profiled(entry.node))}`;
		results.push({
			name: `Overhead: ${entry.name}`,
			measured:
				`${COUNT} requests through n8n-core ${N8N_CORE_VERSION}'s engine in-process on Node ${process.version}, CPU time of the process (the sandbox runs in another), each node at its default (Pay: Items at Once unset, 10 at a time for creations and reads; the reference node one at a time), ${ROUNDS} rounds, each running both nodes back to back in alternating order, the figure the median of the rounds' ratios (${ratios.map((value) => value.toFixed(2)).join(', ')}): ` +
				`Pay node ${median(nodeTimes).toFixed(0)} ms (${list(nodeTimes)}) vs the least any n8n node does for the same requests ` +
				`(bench/floorNode.ts) ${median(floorTimes).toFixed(0)} ms (${list(floorTimes)})${heldBack}`,
			figure: `${decisiveFigure(ratio, 2, meetsTarget)}×`,
			target: `≤ ${TARGET.toFixed(2)}× the reference node`,
			met,
		});
		context.push(
			`${entry.name}: plain axios loop ${median(plainTimes).toFixed(0)} ms (kept-alive connection; Pay node ${(median(nodeTimes) / median(plainTimes)).toFixed(2)}×, reference node ${(median(floorTimes) / median(plainTimes)).toFixed(2)}×), ` +
				`${median(freshConnectionTimes).toFixed(0)} ms with a connection per request as n8n's HTTP helper makes (Pay node ${(median(nodeTimes) / median(freshConnectionTimes)).toFixed(2)}×)`,
		);
	}
	results.push({
		name: 'Context: plain axios loop (not a target)',
		measured: `the same ${COUNT} requests, same rounds, CPU time, without n8n: ${context.join('; ')}`,
		figure: '—',
		target: 'none (context)',
		met: true,
		context: true,
	});
	return results;
}

function list(times: number[]): string {
	return times.map((ms) => ms.toFixed(0)).join(', ');
}
