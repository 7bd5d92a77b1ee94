/**
 * The rows of the comparison with n8n's HTTP Request node (httpRequestNode.ts), from what its
 * rounds measured. Against an instant sandbox, creations and reads are at most as slow as the HTTP
 * Request node, and payouts are context. At the service's latency, payouts are the targets: the
 * Pay node within 1.3× of the HTTP Request node at 100 items and 1.1× at 1,000, with the same
 * number of requests in flight (read at the sandbox), and within 1.1× of what that many in flight
 * take at that latency, plus the claim's one wait.
 */
import { defaultItemsAtOnce } from '../nodes/Pay/actions/requestOptions';
import { findOperation } from '../nodes/Pay/actions/router';
import { CLAIM_CHECK_DELAY_MS } from '../nodes/shared/transport/neverTwice/sentRecord';
import type { ComparedOperation } from './comparedOperations';
import type { InFlight } from './inFlight';
import { decisiveFigure, median } from './measure';
import type { BenchmarkResult } from './measure';
import { BENCH_N8N_VERSION } from './n8nRuntime';

export type Pace = 'default' | 'ten';

/** What one part of the comparison holds: the sandbox's latency and the operations compared. */
export interface Phase {
	latencyMs: number;
	compared: ComparedOperation[];
}

export interface Variant {
	compared: ComparedOperation;
	pace: Pace;
	subject: 'pay' | 'http';
}

/** What the rounds measured, keyed `size:node name`: execution times, and requests in flight. */
export interface Measured {
	times: Map<string, number[]>;
	inFlight: Map<string, InFlight[]>;
}

export function nodeName({ compared, pace, subject }: Variant): string {
	return `${subject === 'pay' ? 'Pay' : 'HTTP Request'} ${compared.operation} ${pace === 'ten' ? '10 at a time' : 'default'}`;
}

/** Creations and reads at most as slow as the HTTP Request node against an instant sandbox. */
const INSTANT_TARGET = 1.0;
/** At the service's latency: against the HTTP Request node, by size; and against the ideal. */
const pacedTargetAt = (size: number) => (size >= 1_000 ? 1.1 : 1.3);
const IDEAL_TARGET = 1.1;

interface Row {
	compared: ComparedOperation;
	pace: Pace;
	phase: Phase;
	measured: Measured;
	minutes: string;
}

/** How many items the Pay node has on the wire at once at this pace: its setting. */
function itemsAtOnce(compared: ComparedOperation, pace: Pace): number {
	if (pace === 'ten') return 10;
	const operation = findOperation(String(compared.payParameters('').resource), compared.operation);
	return operation ? defaultItemsAtOnce(operation) : 1;
}

/** What one size measured for one node: its median time, and its requests in flight. */
function sizeFigures(row: Row, size: number, subject: 'pay' | 'http') {
	const key = `${size}:${nodeName({ compared: row.compared, pace: row.pace, subject })}`;
	const inFlight = row.measured.inFlight.get(key) ?? [];
	return {
		ms: median(row.measured.times.get(key) as number[]),
		most: Math.max(...inFlight.map((figures) => figures.most)),
		typical: median(inFlight.map((figures) => figures.typical)),
	};
}

const inFlightText = (figures: { most: number; typical: number }) =>
	`${figures.typical} in flight typically, ${figures.most} at most`;

/** One operation at one pace: the Pay node against the HTTP Request node at every size. */
export function comparison(
	row: Row,
	sizes: number[],
	roundsAt: (size: number) => number,
): BenchmarkResult {
	return row.phase.latencyMs > 0
		? pacedComparison(row, sizes, roundsAt)
		: instantComparison(row, sizes, roundsAt);
}

function instantComparison(
	row: Row,
	sizes: number[],
	roundsAt: (size: number) => number,
): BenchmarkResult {
	const meetsTarget = (ratio: number) => ratio <= INSTANT_TARGET;
	const ratios: string[] = [];
	let worst = 0;
	for (const size of sizes) {
		const [pay, http] = [sizeFigures(row, size, 'pay'), sizeFigures(row, size, 'http')];
		worst = Math.max(worst, pay.ms / http.ms);
		ratios.push(
			`${size.toLocaleString('en')} items: Pay ${pay.ms.toFixed(0)} ms (${inFlightText(pay)}) vs HTTP Request ${http.ms.toFixed(0)} ms (${inFlightText(http)}), ${(pay.ms / http.ms).toFixed(2)}×`,
		);
	}
	const context = row.compared.movesMoney;
	return {
		name: `vs n8n's HTTP Request node: ${row.compared.title}, ${row.pace === 'ten' ? '10 at a time' : 'defaults'}, sandbox answering at once`,
		measured:
			`real n8n ${BENCH_N8N_VERSION} on its Node 24, same local sandbox answering at once, the nodes' execution times from n8n's execution records, median of ${roundsAt(sizes[0])} executions alternating which node runs first (these rows took ${row.minutes} min); requests in flight read from the sandbox's arrival and answer times; ` +
			`${instantPaceText(row)}; ${ratios.join('; ')}` +
			(context ? "; context: the payouts' targets are the rows at the service's latency" : ''),
		figure: `${decisiveFigure(worst, 2, meetsTarget)}× (worst size)`,
		target: context ? '—' : `≤ ${INSTANT_TARGET.toFixed(1)}× at every size`,
		met: context || meetsTarget(worst),
		...(context ? { context: true } : {}),
	};
}

function instantPaceText({ compared, pace }: Row): string {
	if (pace === 'ten')
		return "10 at a time (Pay: Items at Once 10; HTTP Request: Batching, 10 items per batch 1 ms apart, its nearest setting: it starts a batch's requests without waiting for the previous batch's answers)";
	return `each node's default (Pay: Items at Once unset, ${itemsAtOnce(compared, pace)} at a time for this operation${compared.movesMoney ? ', References claimed ahead of the wire' : ''}; HTTP Request: every item's request started at once)`;
}

/**
 * At the service's latency: each size against the HTTP Request node and against the ideal (items
 * × latency ÷ in flight + the claim's wait), each node's requests in flight as the sandbox saw
 * them; met when every figure is, and both nodes typically had the Pay node's setting in flight.
 */
function pacedComparison(
	row: Row,
	sizes: number[],
	roundsAt: (size: number) => number,
): BenchmarkResult {
	const { latencyMs } = row.phase;
	const atOnce = itemsAtOnce(row.compared, row.pace);
	const texts: string[] = [];
	const figures: string[] = [];
	let met = true;
	for (const size of sizes) {
		const [pay, http] = [sizeFigures(row, size, 'pay'), sizeFigures(row, size, 'http')];
		const ideal = (size * latencyMs) / atOnce + CLAIM_CHECK_DELAY_MS;
		const [ratio, ofIdeal] = [pay.ms / http.ms, pay.ms / ideal];
		const sameInFlight = pay.typical === atOnce && http.typical === atOnce;
		met &&= ratio <= pacedTargetAt(size) && ofIdeal <= IDEAL_TARGET && sameInFlight;
		const vsHttp = decisiveFigure(ratio, 2, (figure) => figure <= pacedTargetAt(size));
		const vsIdeal = decisiveFigure(ofIdeal, 2, (figure) => figure <= IDEAL_TARGET);
		figures.push(`${size.toLocaleString('en')}: ${vsHttp}×, ${vsIdeal}× of ideal`);
		texts.push(
			`${size.toLocaleString('en')} items (${roundsAt(size)} executions): Pay ${pay.ms.toFixed(0)} ms (${inFlightText(pay)}) vs HTTP Request ${http.ms.toFixed(0)} ms (${inFlightText(http)}), ${ratio.toFixed(2)}×; ideal ${ideal.toFixed(0)} ms (${size} × ${latencyMs} ms ÷ ${atOnce} + the claim's ${CLAIM_CHECK_DELAY_MS} ms), Pay ${ofIdeal.toFixed(2)}× of it`,
		);
	}
	return {
		name: `vs n8n's HTTP Request node: ${row.compared.title}, ${row.pace === 'ten' ? '10 at a time' : 'defaults'}, service answering after ${latencyMs} ms`,
		measured:
			`real n8n ${BENCH_N8N_VERSION} on its Node 24, local sandbox answering every request after ${latencyMs} ms, the nodes' execution times from n8n's execution records, median of the executions given, alternating which node runs first (these rows took ${row.minutes} min); requests in flight read from the sandbox's arrival and answer times; ` +
			`${atOnce} at a time (Pay: Items at Once ${row.pace === 'ten' ? '10' : 'unset, 1 for this operation'}; HTTP Request: Batching, ${atOnce} per batch ${latencyMs} ms apart, as many in flight as it starts a batch without waiting for the previous one's answers); ${texts.join('; ')}`,
		figure: figures.join('; '),
		target: `≤ 1.3× at 100, ≤ 1.1× at 1,000; ≤ ${IDEAL_TARGET.toFixed(1)}× of ideal; same in flight`,
		met,
	};
}
