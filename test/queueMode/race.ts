/**
 * One trial of the race between the two workers: the same body (one reference, one amount of its
 * own) posted to both webhook processes at once; each puts an execution on the queue, each worker
 * takes one, both wait for the same instant and then claim the reference. What comes back: what
 * each execution's Pay item said, which worker and webhook process ran it, how often the service
 * carried the reference out, and whether the two Pay nodes really ran at the same time.
 */
import { executionDetail, executionsOf, settledExecutions } from './executions';
import type { QueueN8n } from './n8nQueue';
import { RACE_PAY_NODE } from './raceWorkflows';
import type { RaceBody } from './raceWorkflows';
import type { QueueWorkflow } from './workflows';

export interface RaceTrial {
	reference: string;
	/** Per execution: sent, already_sent, unknown, not_sent (or anything else the item said). */
	outcomes: string[];
	/**
	 * How many items said another execution claimed the reference at the same
	 * instant (the read-back).
	 */
	sameInstant: number;
	workers: Array<string | undefined>;
	webhooks: Array<string | undefined>;
	/** How many times the service carried the reference out (from the sandbox's state). */
	carriedOut: number;
	/** How many of the two executions' requests reached the service. */
	requests: number;
	/** ms both Pay nodes were running at once (negative: the gap between them). */
	payOverlapMs: number;
	/** ms between the two Pay nodes' starts. */
	payStartSpreadMs: number;
	/** Whether the two executions (start to stop, as n8n's REST API shows them) overlapped. */
	executionsOverlapped: boolean;
	/** ms the later execution reached its Wait node after the release instant (0: in time). */
	lateMs: number;
	/** From posting to both executions' end, ms since the epoch: where to look in other logs. */
	from: number;
	to: number;
	/**
	 * Whether the two workers' read → write windows on the record row crossed (PostgreSQL's log):
	 * the race itself, each reading before the other wrote. Filled in after the trials.
	 */
	rowWindowsCrossed?: boolean;
	/** The longest read → write of the row in the trial (ms), filled in likewise. */
	longestRowWindowMs?: number;
}

/**
 * What the service saw of a trial: its effects for the trial's reference, and
 * its requests on the route.
 */
export interface RaceService {
	carriedOut(reference: string, amount: number): number;
	requests(): Promise<number>;
}

/**
 * Time for both requests to be queued and both workers to reach the Wait node, on two busy cores.
 */
export const RELEASE_AFTER_MS = 2500;

export async function raceTrial(
	n8n: QueueN8n,
	workflow: QueueWorkflow,
	body: Omit<RaceBody, 'releaseAt'>,
	service: RaceService,
): Promise<RaceTrial> {
	const before = await executionsOf(n8n.baseUrl, n8n.cookie, workflow.id);
	const requestsBefore = await service.requests();
	const from = Date.now();
	const releaseAt = Date.now() + RELEASE_AFTER_MS;
	const text = JSON.stringify({ ...body, releaseAt: new Date(releaseAt).toISOString() });
	const statuses = await Promise.all(
		n8n.webhookUrls.map(
			async (url) =>
				(
					await fetch(`${url}${workflow.webhookPath}`, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: text,
					})
				).status,
		),
	);
	if (statuses.some((status) => status !== 200))
		throw new Error(
			`race ${body.reference}: the webhook processes answered ${statuses.join(', ')}`,
		);
	const after = await settledExecutions(n8n.baseUrl, n8n.cookie, workflow.id, {
		atLeast: before.length + n8n.webhookUrls.length,
		quietMs: 300,
	});
	const runs = after.filter((execution) => !before.some((old) => old.id === execution.id));
	const details = await Promise.all(
		runs.map(async (run) => await executionDetail(n8n.baseUrl, n8n.cookie, run.id)),
	);
	const pays = details.map((detail) => detail.nodeTimes[RACE_PAY_NODE]);
	const waits = details.map((detail) => detail.nodeTimes.Release);
	return {
		reference: body.reference,
		outcomes: details.map((detail) => outcomeOf(detail.outputs[RACE_PAY_NODE]?.[0])),
		// Said in the item's description (n8n's copy of the error's).
		sameInstant: details.filter((detail) =>
			/at the same instant/.test(JSON.stringify(detail.outputs[RACE_PAY_NODE]?.[0] ?? {})),
		).length,
		workers: runs.map((run) => n8n.workerRunning(run.id)?.name),
		webhooks: runs.map((run) => n8n.webhookEnqueuing(run.id)?.name),
		carriedOut: service.carriedOut(body.reference, body.amount),
		requests: (await service.requests()) - requestsBefore,
		payOverlapMs: overlap(pays),
		payStartSpreadMs: spread(pays.map((pay) => pay?.start ?? NaN)),
		executionsOverlapped:
			overlap(details.map((detail) => ({ start: detail.startedAt, end: detail.stoppedAt }))) > 0,
		lateMs: Math.max(0, ...waits.map((wait) => (wait?.start ?? Infinity) - releaseAt)),
		from,
		to: Math.max(...details.map((detail) => detail.stoppedAt)),
	};
}

/** What a Pay item says: its outcome, `sent` when it carries none (the service's answer). */
function outcomeOf(item: Record<string, unknown> | undefined): string {
	if (item === undefined) return 'no item';
	if (typeof item.outcome === 'string') return item.outcome;
	return item.error === undefined ? 'sent' : 'error';
}

type Span = { start: number; end: number } | undefined;

function overlap(spans: Span[]): number {
	if (spans.some((span) => span === undefined)) return NaN;
	const defined = spans as Array<{ start: number; end: number }>;
	return (
		Math.min(...defined.map((span) => span.end)) - Math.max(...defined.map((span) => span.start))
	);
}

const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

/** The figures of a series of trials, for the log and the README. */
export function raceFigures(trials: RaceTrial[]) {
	const count = (predicate: (trial: RaceTrial) => boolean) => trials.filter(predicate).length;
	const tally: Record<string, number> = {};
	for (const trial of trials) {
		const key = [...trial.outcomes].sort().join(' + ');
		tally[key] = (tally[key] ?? 0) + 1;
	}
	return {
		trials: trials.length,
		carriedOutTwice: count((trial) => trial.carriedOut > 1),
		carriedOutNever: count((trial) => trial.carriedOut === 0),
		bothReachedTheService: count((trial) => trial.requests > 1),
		outcomes: tally,
		onBothWorkers: count((trial) => new Set(trial.workers).size === 2),
		viaBothWebhookProcesses: count((trial) => new Set(trial.webhooks).size === 2),
		executionsOverlapped: count((trial) => trial.executionsOverlapped),
		payNodesOverlapped: count((trial) => trial.payOverlapMs > 0),
		rowWindowsCrossed: count((trial) => trial.rowWindowsCrossed === true),
		settledByReadBack: count((trial) => trial.sameInstant > 0),
		longestRowWindowMs: sortedList(trials.map((trial) => trial.longestRowWindowMs ?? NaN)),
		payStartSpreadMs: sortedList(trials.map((trial) => trial.payStartSpreadMs)),
		lateMs: Math.max(...trials.map((trial) => trial.lateMs)),
	};
}

const sortedList = (values: number[]) => [...values].sort((a, b) => a - b);
