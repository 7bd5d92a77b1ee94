/**
 * 1,000 requests through the Pay node versus a plain axios loop making the same requests to the
 * same sandbox, in the same run: payment creations with fields mapped from the items (the
 * invoicing case), with fixed fields, and reads. Three interleaved rounds; medians compared.
 */
import type { AxiosInstance } from 'axios';

import type { SandboxEndpoint } from '../sandbox';
import { median, timed } from './measure';
import type { BenchmarkResult } from './measure';
import { CREATE_PARAMETERS, floorCreateParameters, invoiceRows, runFloorNode, runNode } from './nodeRuns';
import { plainClient, plainCreations } from './plainClient';

const COUNT = 1000;
const ROUNDS = 3;

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
	const slug = ((await runNode(sandbox, CREATE_PARAMETERS, rows.slice(0, 1))).items[0].json.slug as string) ?? '';
	const cases: Case[] = [
		{
			name: 'create, fields mapped from items',
			node: async () => await runNode(sandbox, CREATE_PARAMETERS, rows),
			floor: async () => await runFloorNode(sandbox, floorCreateParameters(true), rows),
			plain: (round, client) => plainCreate(round, true, client)(),
		},
		{
			name: 'create, fixed fields',
			node: async () => await runNode(sandbox, { ...CREATE_PARAMETERS, amount: 1000, description: 'fixed' }, rows),
			floor: async () => await runFloorNode(sandbox, floorCreateParameters(false), rows),
			plain: (round, client) => plainCreate(round, false, client)(),
		},
		{
			name: 'read (Payment → Get)',
			node: async () => await runNode(sandbox, { resource: 'payment', operation: 'get', slug }, rows),
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
	for (const entry of cases) {
		const nodeTimes: number[] = [];
		const plainTimes: number[] = [];
		const freshConnectionTimes: number[] = [];
		const floorTimes: number[] = [];
		for (let round = 0; round < ROUNDS; round++) {
			nodeTimes.push((await timed(entry.node)).ms);
			floorTimes.push((await timed(entry.floor)).ms);
			plainTimes.push((await timed(() => entry.plain(round, reusing))).ms);
			freshConnectionTimes.push((await timed(() => entry.plain(round + ROUNDS, connectionPerRequest))).ms);
		}
		const ratio = median(nodeTimes) / median(plainTimes);
		const fairRatio = median(nodeTimes) / median(freshConnectionTimes);
		const floorRatio = median(nodeTimes) / median(floorTimes);
		results.push({
			name: `Overhead: ${entry.name}`,
			measured: `${COUNT} requests, median of ${ROUNDS}: Pay node ${median(nodeTimes).toFixed(0)} ms vs plain axios loop ${median(plainTimes).toFixed(0)} ms (keep-alive); vs ${median(freshConnectionTimes).toFixed(0)} ms when the loop opens a connection per request as n8n's HTTP helper does: ${fairRatio.toFixed(2)}×; vs ${median(floorTimes).toFixed(0)} ms for the least any n8n node does for the same requests (bench/floorNode.ts): ${floorRatio.toFixed(2)}×`,
			figure: `${ratio.toFixed(2)}×`,
			target: '≤ 1.15×',
			met: ratio <= 1.15,
		});
	}
	return results;
}
