/**
 * Executions as n8n's REST API shows them to the editor: one with its run data, n8n's Retry of a
 * failed one, and waiting for a workflow's executions to settle.
 */
import { join } from 'path';

import { installDirOf, N8N_NEWEST } from '../../scripts/n8nRuntime/releases';
import type { ExecutionSummary } from '../e2e/n8nRest';

export interface ExecutionDetail {
	id: string;
	status: string;
	mode: string;
	retryOf?: string | null;
	/**
	 * Output items of each node's last run, `{ "Send": [ {...}, ... ] }`; absent for
	 * a node that did not run.
	 */
	outputs: Record<string, Array<Record<string, unknown>>>;
	/**
	 * How many times each node ran in this execution (a resumed execution
	 * keeps its first part's runs).
	 */
	runs: Record<string, number>;
	/** When each node's last run started and ended, ms since the epoch, as n8n recorded it. */
	nodeTimes: Record<string, { start: number; end: number }>;
	/** When the execution started and stopped, ms since the epoch. */
	startedAt: number;
	stoppedAt: number;
}

/**
 * n8n stores run data with `flatted` (it keeps shared references): its own copy decodes it. Loaded
 * on first use: on a fresh machine n8n is installed by the test's setup, after this file is loaded.
 */
export function flatted(): { parse(text: string): unknown } {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(join(installDirOf(N8N_NEWEST), 'node_modules', 'flatted')) as {
		parse(text: string): unknown;
	};
}

export async function executionDetail(
	baseUrl: string,
	cookie: string,
	id: string,
): Promise<ExecutionDetail> {
	const response = await fetch(`${baseUrl}/rest/executions/${id}`, { headers: { cookie } });
	if (!response.ok) throw new Error(`execution ${id}: HTTP ${response.status}`);
	const { data } = (await response.json()) as {
		data: {
			id: string;
			status: string;
			mode: string;
			retryOf?: string | null;
			startedAt: string;
			stoppedAt: string;
			data: string;
		};
	};
	const run = flatted().parse(data.data) as {
		resultData?: {
			runData?: Record<
				string,
				Array<{
					startTime: number;
					executionTime: number;
					data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
				}>
			>;
		};
	};
	const outputs: ExecutionDetail['outputs'] = {};
	const nodeTimes: ExecutionDetail['nodeTimes'] = {};
	const runCounts: ExecutionDetail['runs'] = {};
	for (const [node, runs] of Object.entries(run.resultData?.runData ?? {})) {
		runCounts[node] = runs.length;
		const last = runs[runs.length - 1];
		outputs[node] = (last?.data?.main?.[0] ?? []).map((item) => item.json);
		if (last !== undefined)
			nodeTimes[node] = { start: last.startTime, end: last.startTime + last.executionTime };
	}
	return {
		id: data.id,
		status: data.status,
		mode: data.mode,
		retryOf: data.retryOf,
		outputs,
		runs: runCounts,
		nodeTimes,
		startedAt: Date.parse(data.startedAt),
		stoppedAt: Date.parse(data.stoppedAt),
	};
}

/**
 * n8n's Retry button ("Retry with original workflow"): answers the new execution, or n8n's refusal.
 */
export async function retryExecution(
	baseUrl: string,
	cookie: string,
	id: string,
): Promise<
	{ ok: true; execution: { id: string; status?: string } } | { ok: false; message: string }
> {
	const response = await fetch(`${baseUrl}/rest/executions/${id}/retry`, {
		method: 'POST',
		headers: { cookie, 'content-type': 'application/json' },
		body: JSON.stringify({ loadWorkflow: false }),
	});
	const text = await response.text();
	if (!response.ok) return { ok: false, message: `HTTP ${response.status} ${text.slice(0, 500)}` };
	return {
		ok: true,
		execution: (JSON.parse(text) as { data: { id: string; status?: string } }).data,
	};
}

/** The workflow's executions, newest first, up to 100 (n8n's page size is 20 unless asked). */
export async function executionsOf(
	baseUrl: string,
	cookie: string,
	workflowId: string,
): Promise<Array<ExecutionSummary & { retryOf?: string | null }>> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const response = await fetch(`${baseUrl}/rest/executions?filter=${filter}&limit=100`, {
		headers: { cookie },
	});
	if (!response.ok) throw new Error(`executions: HTTP ${response.status}`);
	return ((await response.json()) as { data: { results: ExecutionSummary[] } }).data.results;
}

const isSettled = (execution: ExecutionSummary) =>
	!['new', 'running', 'waiting'].includes(execution.status);

/**
 * The workflow's executions once no new one has appeared for `quietMs` and all have ended: how
 * many a burst of requests started, counted after the last one could have been queued.
 */
export async function settledExecutions(
	baseUrl: string,
	cookie: string,
	workflowId: string,
	{ atLeast = 1, quietMs = 3000, timeoutMs = 90_000 } = {},
): Promise<ExecutionSummary[]> {
	const deadline = Date.now() + timeoutMs;
	let last: ExecutionSummary[] = [];
	let unchangedSince = Date.now();
	for (;;) {
		const now = await executionsOf(baseUrl, cookie, workflowId);
		if (now.length !== last.length || !now.every(isSettled)) unchangedSince = Date.now();
		last = now;
		if (now.length >= atLeast && now.every(isSettled) && Date.now() - unchangedSince >= quietMs)
			return now;
		if (Date.now() > deadline)
			throw new Error(
				`executions of ${workflowId} did not settle: ${JSON.stringify(now.map((e) => [e.id, e.status]))}`,
			);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}
