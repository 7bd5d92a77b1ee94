/** The few calls of n8n's own REST API the end-to-end tests need: log in and list executions. */
import { LOCAL_OWNER } from '../../scripts/n8nRuntime/owner';

export interface ExecutionSummary {
	id: string;
	workflowId: string;
	mode: string;
	status: string;
}

export async function logIn(baseUrl: string): Promise<string> {
	const response = await fetch(`${baseUrl}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: LOCAL_OWNER.email, password: LOCAL_OWNER.password }),
	});
	if (!response.ok) throw new Error(`login failed: HTTP ${response.status}`);
	return (response.headers.get('set-cookie') ?? '').split(';')[0];
}

export async function executionsOf(baseUrl: string, cookie: string, workflowId: string): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const response = await fetch(`${baseUrl}/rest/executions?filter=${filter}`, { headers: { cookie } });
	if (!response.ok) throw new Error(`executions: HTTP ${response.status}`);
	return ((await response.json()) as { data: { results: ExecutionSummary[] } }).data.results;
}

/** Polls until `count` finished executions of the workflow (started by `mode`, e.g. "webhook") exist, or fails after the timeout. */
export async function waitForExecutions(baseUrl: string, cookie: string, workflowId: string, count: number, mode = 'webhook', timeoutMs = 20_000): Promise<ExecutionSummary[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const executions = (await executionsOf(baseUrl, cookie, workflowId)).filter((execution) => execution.mode === mode);
		if (executions.length >= count && executions.every((execution) => execution.status !== 'running' && execution.status !== 'new')) return executions;
		if (Date.now() > deadline) throw new Error(`expected ${count} executions of ${workflowId}, found ${executions.length}`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}
