/**
 * The few calls of n8n's own REST API the end-to-end tests need: log in, list executions, and the
 * two calls the editor makes for this package (the credential dialog's Test, a list-search field).
 */
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

export async function executionsOf(
	baseUrl: string,
	cookie: string,
	workflowId: string,
): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const response = await fetch(`${baseUrl}/rest/executions?filter=${filter}`, {
		headers: { cookie },
	});
	if (!response.ok) throw new Error(`executions: HTTP ${response.status}`);
	return ((await response.json()) as { data: { results: ExecutionSummary[] } }).data.results;
}

/**
 * Polls until `count` finished executions of the workflow (started by `mode`, e.g. "webhook")
 * exist, or fails after the timeout.
 */
export async function waitForExecutions(
	baseUrl: string,
	cookie: string,
	workflowId: string,
	count: number,
	mode = 'webhook',
	timeoutMs = 20_000,
): Promise<ExecutionSummary[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const executions = (await executionsOf(baseUrl, cookie, workflowId)).filter(
			(execution) => execution.mode === mode,
		);
		if (
			executions.length >= count &&
			executions.every((execution) => execution.status !== 'running' && execution.status !== 'new')
		)
			return executions;
		if (Date.now() > deadline)
			throw new Error(`expected ${count} executions of ${workflowId}, found ${executions.length}`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/**
 * The newest execution of the workflow once it is in `status` (e.g. "waiting", "success");
 * fails after the timeout.
 */
export async function newestExecutionIn(
	baseUrl: string,
	cookie: string,
	workflowId: string,
	status: string,
	timeoutMs = 30_000,
): Promise<ExecutionSummary> {
	return await executionIn(baseUrl, cookie, workflowId, status, { timeoutMs });
}

/**
 * The workflow's execution `executionId` (the newest when none is given) once it is in `status`;
 * fails after the timeout, or as soon as it ended in error.
 */
export async function executionIn(
	baseUrl: string,
	cookie: string,
	workflowId: string,
	status: string,
	{ executionId, timeoutMs = 30_000 }: { executionId?: string; timeoutMs?: number },
): Promise<ExecutionSummary> {
	const which = executionId === undefined ? 'newest execution' : `execution ${executionId}`;
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const executions = await executionsOf(baseUrl, cookie, workflowId);
		const execution =
			executionId === undefined ? executions[0] : executions.find(({ id }) => id === executionId);
		if (execution?.status === status) return execution;
		if (Date.now() > deadline || (execution?.status === 'error' && status !== 'error')) {
			const error = execution ? await executionError(baseUrl, cookie, execution.id) : '';
			throw new Error(`${workflowId}: ${which} is ${execution?.status}, not ${status} ${error}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

export interface CredentialTestResult {
	status: string;
	message: string;
}

/**
 * What the credential dialog's Test button does: n8n tests the given data, the stored secrets
 * filling what is left out.
 */
export async function testCredential(
	baseUrl: string,
	cookie: string,
	credential: { id: string; name: string; type: string; data: Record<string, unknown> },
): Promise<CredentialTestResult> {
	return await postRest<CredentialTestResult>(baseUrl, cookie, '/rest/credentials/test', {
		credentials: credential,
	});
}

export interface ListSearchRequest {
	nodeType: string;
	/** The field's path, e.g. `parameters.bank`. */
	path: string;
	methodName: string;
	filter?: string;
	currentNodeParameters: Record<string, unknown>;
	credentials: Record<string, { id: string; name: string }>;
}

/**
 * What the editor asks when a resource-locator field opens its list ("From list")
 * or the user types in it.
 */
export async function listSearch(
	baseUrl: string,
	cookie: string,
	request: ListSearchRequest,
	nodeVersion = 1,
): Promise<{ results: Array<{ name: string; value: string }> }> {
	const { nodeType, ...rest } = request;
	return await postRest(baseUrl, cookie, '/rest/dynamic-node-parameters/resource-locator-results', {
		...rest,
		nodeTypeAndVersion: { name: nodeType, version: nodeVersion },
	});
}

async function postRest<T>(
	baseUrl: string,
	cookie: string,
	path: string,
	body: unknown,
): Promise<T> {
	const response = await fetch(`${baseUrl}${path}`, {
		method: 'POST',
		headers: { cookie, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
	return (JSON.parse(text) as { data: T }).data;
}

/** The workflow's nodes as n8n's database holds them (what the editor saved). */
export async function workflowNodes(
	baseUrl: string,
	cookie: string,
	workflowId: string,
): Promise<Array<{ name: string; parameters: Record<string, unknown> }>> {
	const response = await fetch(`${baseUrl}/rest/workflows/${workflowId}`, { headers: { cookie } });
	if (!response.ok) throw new Error(`workflow ${workflowId}: HTTP ${response.status}`);
	return (
		(await response.json()) as {
			data: { nodes: Array<{ name: string; parameters: Record<string, unknown> }> };
		}
	).data.nodes;
}

/**
 * The workflow's static data as n8n's database holds it (what survives a restart), `{}` when none.
 */
export async function workflowStaticData(
	baseUrl: string,
	cookie: string,
	workflowId: string,
): Promise<Record<string, Record<string, unknown>>> {
	const response = await fetch(`${baseUrl}/rest/workflows/${workflowId}`, { headers: { cookie } });
	if (!response.ok) throw new Error(`workflow ${workflowId}: HTTP ${response.status}`);
	const { staticData } = ((await response.json()) as { data: { staticData?: unknown } }).data;
	if (typeof staticData === 'string')
		return JSON.parse(staticData) as Record<string, Record<string, unknown>>;
	return (staticData ?? {}) as Record<string, Record<string, unknown>>;
}

/**
 * Posts to a production webhook of an active workflow. n8n answers its health check before it has
 * registered the active workflows' webhooks, and answers 404 until then, having started nothing:
 * so a 404 is posted again, for up to a minute.
 */
/** One JSON POST, answered by its status (a callback: never repeated). */
export async function postJson(url: string, body: object): Promise<number> {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	await response.arrayBuffer();
	return response.status;
}

export async function postToWebhook(url: string, body: unknown): Promise<Response> {
	const deadline = Date.now() + 60_000;
	for (;;) {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		if (response.status !== 404 || Date.now() > deadline) return response;
		await response.arrayBuffer();
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/**
 * The items a node output in an execution, read through n8n's REST API. n8n sends the run data in
 * `flatted`'s form (a JSON array: the value at 0, every string and object of it replaced by its
 * index), read here without the package: values are looked up by index, objects once each.
 */
export async function executionItems(
	baseUrl: string,
	cookie: string,
	executionId: string,
	nodeName: string,
): Promise<Array<Record<string, unknown>>> {
	const run = await executionData(baseUrl, cookie, executionId);
	return (run.resultData.runData[nodeName]?.[0]?.data.main[0] ?? []).map((item) => item.json);
}

/** The error an execution ended with, as n8n recorded it ("" when none). */
export async function executionError(
	baseUrl: string,
	cookie: string,
	executionId: string,
): Promise<string> {
	const { error } = (await executionData(baseUrl, cookie, executionId)).resultData;
	return error ? `${error.node?.name ?? ''}: ${error.message ?? ''}`.trim() : '';
}

export interface RunData {
	resultData: {
		runData: Record<
			string,
			Array<{
				data: {
					main: Array<
						Array<{
							json: Record<string, unknown>;
							binary?: Record<string, { id?: string; data?: string }>;
						}>
					>;
				};
			}>
		>;
		error?: { message?: string; node?: { name?: string } };
	};
}

export async function executionData(
	baseUrl: string,
	cookie: string,
	executionId: string,
): Promise<RunData> {
	const response = await fetch(`${baseUrl}/rest/executions/${executionId}`, {
		headers: { cookie },
	});
	if (!response.ok) throw new Error(`execution ${executionId}: HTTP ${response.status}`);
	const { data } = ((await response.json()) as { data: { data: string } }).data;
	return unflatten(data) as RunData;
}

function unflatten(text: string): unknown {
	const input = JSON.parse(text) as unknown[];
	const revived = new Map<number, unknown>();
	const at = (index: number): unknown => {
		if (revived.has(index)) return revived.get(index);
		const value = input[index];
		if (typeof value !== 'object' || value === null) return value;
		const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
		revived.set(index, copy);
		for (const [key, entry] of Object.entries(value))
			(copy as Record<string, unknown>)[key] =
				typeof entry === 'string' ? at(Number(entry)) : entry;
		return copy;
	};
	return at(0);
}

/** Changes a credential as the editor's Save does (the whole data given). */
export async function updateCredential(
	baseUrl: string,
	cookie: string,
	id: string,
	credential: { name: string; type: string; data: Record<string, unknown> },
): Promise<void> {
	const response = await fetch(`${baseUrl}/rest/credentials/${encodeURIComponent(id)}`, {
		method: 'PATCH',
		headers: { cookie, 'content-type': 'application/json' },
		body: JSON.stringify(credential),
	});
	const text = await response.text();
	if (!response.ok)
		throw new Error(`credential update: HTTP ${response.status} ${text.slice(0, 300)}`);
}
