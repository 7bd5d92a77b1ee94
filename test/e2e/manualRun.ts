/**
 * Running a workflow in the running n8n as the editor's "Execute workflow" does, from a named
 * trigger (a Schedule trigger too, so a test need not wait for the clock). `n8n execute` cannot
 * serve here: it runs without n8n's modules, and so without Data Tables ("the module is disabled").
 */
import { executionData, executionsOf } from './n8nRest';

/** Starts the workflow from `triggerName`; the execution's id. */
export async function runFromTrigger(
	baseUrl: string,
	cookie: string,
	workflowId: string,
	triggerName: string,
): Promise<string> {
	const saved = await fetch(`${baseUrl}/rest/workflows/${workflowId}`, { headers: { cookie } });
	if (!saved.ok) throw new Error(`workflow ${workflowId}: HTTP ${saved.status}`);
	const workflowData = ((await saved.json()) as { data: Record<string, unknown> }).data;
	// n8n 2.41 runs the saved workflow; 2.8 runs the `workflowData` the editor sends.
	const response = await fetch(`${baseUrl}/rest/workflows/${workflowId}/run`, {
		method: 'POST',
		headers: { cookie, 'content-type': 'application/json' },
		body: JSON.stringify({ workflowData, triggerToStartFrom: { name: triggerName } }),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`run ${workflowId}: HTTP ${response.status} ${text}`);
	const { executionId } = (JSON.parse(text) as { data: { executionId?: string } }).data;
	if (!executionId) throw new Error(`run ${workflowId} started no execution: ${text}`);
	return executionId;
}

/** Runs it and waits for the execution's end; its status ("success", "error"). */
export async function runToTheEnd(
	baseUrl: string,
	cookie: string,
	workflowId: string,
	triggerName: string,
	timeoutMs = 30_000,
): Promise<{ id: string; status: string }> {
	const id = await runFromTrigger(baseUrl, cookie, workflowId, triggerName);
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const execution = (await executionsOf(baseUrl, cookie, workflowId)).find(
			(candidate) => candidate.id === id,
		);
		if (execution && !['new', 'running', 'waiting'].includes(execution.status))
			return { id, status: execution.status };
		if (Date.now() > deadline) throw new Error(`execution ${id} of ${workflowId} did not end`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

/** The text of a file a node output (its binary property `data`), e.g. Convert to File's CSV. */
export async function executionFileText(
	baseUrl: string,
	cookie: string,
	executionId: string,
	nodeName: string,
): Promise<string> {
	const run = await executionData(baseUrl, cookie, executionId);
	const file = run.resultData.runData[nodeName]?.[0]?.data.main[0]?.[0]?.binary?.data;
	if (!file) throw new Error(`${nodeName} output no file`);
	// Inline (base64), or kept by n8n's binary data store under an id.
	if (file.data && !file.id) return Buffer.from(file.data, 'base64').toString('utf8');
	const response = await fetch(
		`${baseUrl}/rest/binary-data?id=${encodeURIComponent(file.id ?? '')}&action=download`,
		{ headers: { cookie } },
	);
	if (!response.ok) throw new Error(`binary data ${file.id}: HTTP ${response.status}`);
	return await response.text();
}
