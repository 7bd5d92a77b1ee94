/**
 * Runs the Pay node as an AI agent's tool, in this process, the way n8n-core does it: a stand-in
 * agent node asks n8n-core for its connected tools (`getInputConnectionData`, which builds the
 * tool from the node's `$fromAI` parameters and runs the node in a supply-data context on each
 * call), then makes scripted tool calls, as a model would, and outputs what each call returned.
 *
 * The tool twin is made as n8n's server makes it for a `usableAsTool` node (`…Tool` type name,
 * an `ai_tool` output, no main input); the node's own code runs unchanged.
 */
import { NodeConnectionTypes, Workflow, createRunExecutionData } from 'n8n-workflow';
import type {
	IConnections,
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeParameters,
	INodeType,
	IRun,
	IWorkflowBase,
} from 'n8n-workflow';
import { WorkflowExecute } from 'n8n-core';
import { randomUUID } from 'crypto';

import { TestCredentialsHelper } from '../../../harness/credentialsHelper';
import { loadBuiltPackage } from '../../../harness/loadPackage';
import { registerMemoryDeduplicator } from '../../../harness/memoryDeduplicator';
import { CREDENTIAL_ID, makeAdditionalData } from '../../../harness/runWorkflow';

interface CallableTool {
	name: string;
	description: string;
	invoke(args: IDataObject): Promise<string>;
}

/** What one scripted call got back: the tool's answer (parsed), or the error the agent saw. */
export interface ToolCallResult {
	answer?: IDataObject;
	toolError?: string;
}

export interface AgentRun {
	toolName: string;
	toolDescription: string;
	results: ToolCallResult[];
	run: IRun;
}

const AGENT_TYPE = 'scriptedAgent';
export const TOOL_TYPE = 'payTool';

const scriptedAgent: INodeType = {
	description: {
		displayName: 'Scripted Agent',
		name: AGENT_TYPE,
		group: ['transform'],
		version: 1,
		description: 'Calls its tool with the calls listed in its input item',
		defaults: { name: 'Agent' },
		inputs: [
			NodeConnectionTypes.Main,
			{ type: NodeConnectionTypes.AiTool, displayName: 'Tool', required: true },
		],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	},
	async execute(this: IExecuteFunctions) {
		const connected = await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0);
		const [tool] = (Array.isArray(connected) ? connected : [connected]) as CallableTool[];
		const calls = this.getInputData()[0].json.calls as IDataObject[];
		const results: IDataObject[] = [];
		// One after the other, as an agent that waits for each answer.
		for (const args of calls) {
			try {
				results.push({ answer: JSON.parse(await tool.invoke(args)) as IDataObject[] });
			} catch (error) {
				results.push({ toolError: (error as Error).message });
			}
		}
		return [[{ json: { toolName: tool.name, toolDescription: tool.description, results } }]];
	},
};

let registered = false;

/** Registers the Pay Tool twin and the stand-in agent with the loaded package (once). */
export async function registerTypes() {
	const loaded = await loadBuiltPackage();
	if (!registered) {
		const pay = loaded.nodeTypes.getByName(loaded.typeName('pay')) as INodeType;
		// What n8n's server does for a usableAsTool node (tool-generation/ai-tools.ts), on a copy.
		const description = JSON.parse(JSON.stringify(pay.description)) as INodeType['description'];
		description.name += 'Tool';
		description.displayName += ' Tool';
		description.inputs = [];
		description.outputs = [NodeConnectionTypes.AiTool];
		delete description.usableAsTool;
		const twin = Object.create(pay) as INodeType;
		twin.description = description;
		loaded.register(TOOL_TYPE, twin);
		loaded.register(AGENT_TYPE, scriptedAgent);
		registered = true;
	}
	return loaded;
}

/**
 * n8n's server lets a tool twin use the credentials of its node (tool-generation copies
 * `supportedNodes`); the test helper is told the same.
 */
class ToolCredentialsHelper extends TestCredentialsHelper {
	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		return super.isCredentialUsableByNode(credentialType, nodeType.replace(/Tool$/, ''));
	}
}

/** A credentials helper for runs of the Pay Tool, its types registered. */
export async function toolCredentialsHelper(): Promise<TestCredentialsHelper> {
	const loaded = await registerTypes();
	return new ToolCredentialsHelper(loaded.credentialTypes);
}

export interface AgentRunOptions {
	/** The Pay Tool's parameters, `$fromAI(…)` where the model gives a value. */
	parameters: INodeParameters;
	/** The tool calls the "model" makes, in order: each its arguments. */
	calls: IDataObject[];
	credentials: ICredentialDataDecryptedObject;
	executionId?: string;
	/** The Pay Tool's version; 1 by default. */
	typeVersion?: number;
}

/** An agent making the scripted calls to a Pay Tool in one execution. */
export async function runAgentWithPayTool(options: AgentRunOptions): Promise<AgentRun> {
	// n8n's database of recorded references (the Reference's never-twice guard), in memory.
	await registerMemoryDeduplicator();
	const loaded = await registerTypes();
	const credentials = await toolCredentialsHelper();
	credentials.stored.set(CREDENTIAL_ID, { sessionToken: '', ...options.credentials });
	const executionId = options.executionId ?? randomUUID();
	const { agent, workflowData, workflow } = agentWorkflow(options, executionId, loaded);
	const run = await new WorkflowExecute(
		makeAdditionalData(credentials, executionId, workflowData),
		'manual',
		createRunExecutionData({
			executionData: {
				nodeExecutionStack: [
					{ node: agent, data: { main: [[{ json: { calls: options.calls } }]] }, source: null },
				],
			},
		}),
	).processRunExecutionData(workflow);
	const output = agentOutput(run, agent);
	return {
		toolName: output.toolName as string,
		toolDescription: output.toolDescription as string,
		results: output.results as ToolCallResult[],
		run,
	};
}

/** The agent with the Pay Tool on its tool input: as saved, and as the engine runs it. */
function agentWorkflow(
	options: AgentRunOptions,
	executionId: string,
	loaded: Awaited<ReturnType<typeof registerTypes>>,
): { agent: INode; workflowData: IWorkflowBase; workflow: Workflow } {
	const agent: INode = {
		id: 'agent',
		name: 'Agent',
		type: loaded.typeName(AGENT_TYPE),
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const tool: INode = {
		id: 'pay-tool',
		name: 'Pay Tool',
		type: loaded.typeName(TOOL_TYPE),
		typeVersion: options.typeVersion ?? 1,
		position: [0, 200],
		parameters: options.parameters,
		credentials: { payApi: { id: CREDENTIAL_ID, name: 'Pay sandbox' } },
	};
	const connections: IConnections = {
		[tool.name]: {
			[NodeConnectionTypes.AiTool]: [
				[{ node: agent.name, type: NodeConnectionTypes.AiTool, index: 0 }],
			],
		},
	};
	const workflowData = {
		id: `agent-workflow-of-${executionId}`,
		name: 'Agent workflow',
		active: false,
		isArchived: false,
		nodes: [agent, tool],
		connections,
		createdAt: new Date(),
		updatedAt: new Date(),
		settings: {},
	} as IWorkflowBase;
	const workflow = new Workflow({
		id: workflowData.id,
		name: workflowData.name,
		nodes: [agent, tool],
		connections,
		active: false,
		nodeTypes: loaded.nodeTypes,
		settings: {},
	});
	return { agent, workflowData, workflow };
}

/** The agent's one output item: the tool's name and description, and what each call returned. */
function agentOutput(run: IRun, agent: INode): IDataObject {
	const task = run.data.resultData.runData[agent.name]?.[0];
	const output = task?.data?.main?.[0]?.[0]?.json;
	if (!output)
		throw new Error(
			`the agent produced no output: ${JSON.stringify(task?.error ?? run.data.resultData.error)}`,
		);
	return output;
}

/** The first item a call returned (the tool answers with a list of items). */
export function firstAnswer(result: ToolCallResult): IDataObject {
	if (result.toolError !== undefined) throw new Error(`the tool failed: ${result.toolError}`);
	return (result.answer as unknown as IDataObject[])[0];
}
