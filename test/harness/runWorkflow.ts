/**
 * Runs workflows through n8n-core's own engine (`WorkflowExecute`) in this process, with the built
 * package's node and credential types and the test credentials helper. What a node does here is
 * what it does in n8n: parameters resolved by the engine, "Continue On Fail" and "Retry On Fail"
 * applied by the engine, requests made by n8n's HTTP helpers.
 */
import { Container } from '@n8n/di';
import { ExecutionLifecycleHooks, ExternalSecretsProxy, WorkflowExecute } from 'n8n-core';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import { Workflow, createRunExecutionData } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	IConnections,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	IRun,
	IRunExecutionData,
	NodeExecutionHint,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { randomUUID } from 'crypto';

import { TestCredentialsHelper } from './credentialsHelper';
import { loadBuiltPackage } from './loadPackage';
import type { LoadedPackage } from './loadPackage';
import { registerMemoryDeduplicator } from './memoryDeduplicator';

export const CREDENTIAL_ID = 'pay-credential-1';

/** Node settings that the editor's "Settings" tab sets. */
export interface NodeSettings {
	/** On Error: "Continue" (the failed item on the regular output). */
	continueOnFail?: boolean;
	/** On Error: "Continue (using error output)": failed items on a second output. */
	errorOutput?: boolean;
	retryOnFail?: boolean;
	maxTries?: number;
	/** Milliseconds; n8n treats 0 as "use the default of 1000", so the harness uses 1. */
	waitBetweenTries?: number;
}

export interface PayNodeRun {
	/** Items of the node's first output, as the next node would receive them. */
	items: INodeExecutionData[];
	/** Items of the error output, with `settings.errorOutput`. */
	errorItems: INodeExecutionData[];
	/** The node's error when it failed (plain object, as in run data). */
	error?: {
		message: string;
		name?: string;
		httpCode?: string | null;
		description?: string | null;
		context?: IDataObject;
	};
	/** The execution hints the node's run added (`addExecutionHints`), as n8n shows them. */
	hints: NodeExecutionHint[];
	/** The whole run, for tests that inspect everything (secrets checks, for one). */
	run: IRun;
	credentials: TestCredentialsHelper;
	/** The workflow and node that ran: a waiting execution is resumed on them. */
	workflow: Workflow;
	node: INode;
}

export interface RunPayNodeOptions {
	/** `pay` (default) or another node of the package. */
	nodeName?: string;
	/**
	 * The node's version as the workflow saved it; 1 by default (the parameters most
	 * tests give are version 1's).
	 */
	typeVersion?: number;
	parameters: INodeParameters;
	/** Input items; one empty item by default. */
	input?: IDataObject[];
	credentials: ICredentialDataDecryptedObject;
	/** Reuse one helper across runs to keep the cached access token, as n8n's database would. */
	credentialsHelper?: TestCredentialsHelper;
	settings?: NodeSettings;
	/** Same id twice = the same execution (what "Retry On Fail" sees); a fresh one by default. */
	executionId?: string;
	/**
	 * The workflow's id: n8n keeps the references a node recorded per workflow (and node), so the
	 * same id in two runs is two executions of one workflow (n8n's Retry, a re-run). By default
	 * one per execution id, so unrelated runs never see each other's records.
	 */
	workflowId?: string;
	/** The execution's custom data when the node starts (what an earlier node of it recorded). */
	customData?: Record<string, string>;
	/**
	 * How n8n started the execution: `manual` (the editor's test run, by default),
	 * `trigger`, `webhook`, `retry` …
	 */
	mode?: WorkflowExecuteMode;
}

/** Runs one node of the package with the given input items, as the first node after a trigger. */
export async function runPayNode(options: RunPayNodeOptions): Promise<PayNodeRun> {
	await registerMemoryDeduplicator();
	const loaded = await loadBuiltPackage();
	const credentials = credentialsOf(options, loaded);
	const node = nodeUnderTest(options, loaded);
	const executionId = options.executionId ?? randomUUID();
	const { workflowData, workflow } = oneNodeWorkflow(node, options, executionId, loaded);
	const additionalData = makeAdditionalData(credentials, executionId, workflowData);
	const run = await new WorkflowExecute(
		additionalData,
		options.mode ?? 'manual',
		startingWithInput(node, options),
	).processRunExecutionData(workflow);

	const task = run.data.resultData.runData[node.name]?.[0];
	return {
		items: task?.data?.main?.[0] ?? [],
		errorItems: task?.data?.main?.[1] ?? [],
		error: task?.error as PayNodeRun['error'],
		hints: task?.hints ?? [],
		run,
		credentials,
		workflow,
		node,
	};
}

/** The given helper (its cached access token kept) or a new one, holding the test credential. */
function credentialsOf(options: RunPayNodeOptions, loaded: LoadedPackage): TestCredentialsHelper {
	const credentials =
		options.credentialsHelper ?? new TestCredentialsHelper(loaded.credentialTypes);
	if (!options.credentialsHelper || !credentials.stored.has(CREDENTIAL_ID)) {
		credentials.stored.set(CREDENTIAL_ID, { sessionToken: '', ...options.credentials });
	}
	return credentials;
}

/** The node as the workflow saves it, with the editor's Settings tab applied. */
function nodeUnderTest(options: RunPayNodeOptions, loaded: LoadedPackage): INode {
	return {
		id: 'node-under-test',
		name: 'Pay',
		type: loaded.typeName(options.nodeName ?? 'pay'),
		typeVersion: options.typeVersion ?? 1,
		position: [0, 0],
		parameters: options.parameters,
		credentials: { payApi: { id: CREDENTIAL_ID, name: 'Pay sandbox' } },
		...(options.settings?.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...(options.settings?.errorOutput ? { onError: 'continueErrorOutput' as const } : {}),
		...(options.settings?.retryOnFail
			? {
					retryOnFail: true,
					maxTries: options.settings.maxTries ?? 3,
					waitBetweenTries: options.settings.waitBetweenTries ?? 1,
				}
			: {}),
	};
}

/** A workflow of the node alone: as saved (for the execution's hooks) and as the engine runs it. */
function oneNodeWorkflow(
	node: INode,
	options: RunPayNodeOptions,
	executionId: string,
	loaded: LoadedPackage,
): { workflowData: IWorkflowBase; workflow: Workflow } {
	const connections: IConnections = {};
	const workflowData: IWorkflowBase = {
		id: options.workflowId ?? `workflow-of-${executionId}`,
		name: 'Test workflow',
		active: false,
		isArchived: false,
		nodes: [node],
		connections,
		createdAt: new Date(),
		updatedAt: new Date(),
		settings: {},
	} as IWorkflowBase;
	const workflow = new Workflow({
		id: workflowData.id,
		name: workflowData.name,
		nodes: [node],
		connections,
		active: false,
		nodeTypes: loaded.nodeTypes,
		settings: {},
	});
	return { workflowData, workflow };
}

/** The execution's data before it starts: the node next, with the input items as its input. */
function startingWithInput(node: INode, options: RunPayNodeOptions): IRunExecutionData {
	const inputItems: INodeExecutionData[] = (options.input ?? [{}]).map((json) => ({ json }));
	return createRunExecutionData({
		resultData: { runData: {}, metadata: options.customData },
		executionData: {
			nodeExecutionStack: [{ node, data: { main: [inputItems] }, source: null }],
		},
	});
}

export function makeAdditionalData(
	credentialsHelper: TestCredentialsHelper,
	executionId: string,
	workflowData: IWorkflowBase,
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper,
		executionId,
		hooks: new ExecutionLifecycleHooks('manual', executionId, workflowData),
		externalSecretsProxy: new ExternalSecretsProxy(),
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		variables: {},
		executeWorkflow: async () => {
			throw new Error('sub-workflows are not used in these tests');
		},
		getRunExecutionData: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('task runners are not used in these tests');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

/**
 * n8n-core starts an interval for SSH clients in every execution context; it keeps jest from
 * exiting. Call from `afterAll` in every file that runs workflows.
 */
export function shutDownEngine(): void {
	Container.get(SSHClientsManager).onShutdown();
}
