/**
 * Runs a workflow file as n8n saved it (exported, or an example), through n8n-core's engine in this
 * process: its Pay nodes exactly as saved (type, version, parameters, credentials), its manual
 * start replaced by a stand-in (n8n's own nodes are not installed here), its sticky notes left out.
 * Only workflows made of a manual start and the package's nodes can run so.
 */
import { readFileSync } from 'fs';
import { WorkflowExecute } from 'n8n-core';
import { Workflow, createRunExecutionData } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	IConnections,
	IDataObject,
	INode,
	INodeType,
	IRun,
	IWorkflowBase,
} from 'n8n-workflow';
import { randomUUID } from 'crypto';

import { TestCredentialsHelper } from './credentialsHelper';
import { loadBuiltPackage } from './loadPackage';
import { registerMemoryDeduplicator } from './memoryDeduplicator';
import { makeAdditionalData } from './runWorkflow';

const MANUAL_START = 'n8n-nodes-base.manualTrigger';
const STICKY_NOTE = 'n8n-nodes-base.stickyNote';

/** What n8n's Manual Trigger gives: one empty item. */
const standInStart: INodeType = {
	description: {
		displayName: 'Start (stand-in)',
		name: 'savedWorkflowStart',
		group: ['trigger'],
		version: 1,
		description: "Stands in for n8n's Manual Trigger",
		defaults: { name: 'Start' },
		inputs: [],
		outputs: ['main'],
		properties: [],
	},
	async execute() {
		return [[{ json: {} }]];
	},
};

export interface SavedWorkflowRun {
	/** Each node's first output, by node name. */
	outputs: Record<string, IDataObject[]>;
	/** Each failed node's error message, by node name. */
	errors: Record<string, string>;
	run: IRun;
}

export async function runSavedWorkflow(
	file: string,
	credentials: ICredentialDataDecryptedObject,
): Promise<SavedWorkflowRun> {
	await registerMemoryDeduplicator();
	const loaded = await loadBuiltPackage();
	loaded.register(standInStart.description.name, standInStart);
	const saved = JSON.parse(readFileSync(file, 'utf8')) as {
		id: string;
		name: string;
		nodes: INode[];
		connections: IConnections;
	};
	const nodes = saved.nodes
		.filter((node) => node.type !== STICKY_NOTE)
		.map((node) =>
			node.type === MANUAL_START
				? { ...node, type: loaded.typeName(standInStart.description.name), typeVersion: 1 }
				: node,
		);
	const helper = new TestCredentialsHelper(loaded.credentialTypes);
	for (const node of nodes)
		for (const { id } of Object.values(node.credentials ?? {}))
			if (id) helper.stored.set(id, { sessionToken: '', ...credentials });
	const workflow = new Workflow({
		id: saved.id,
		name: saved.name,
		nodes,
		connections: saved.connections,
		active: false,
		nodeTypes: loaded.nodeTypes,
		settings: { executionOrder: 'v1' },
	});
	const start = nodes.find((node) => node.type === loaded.typeName(standInStart.description.name));
	if (!start) throw new Error(`${file} has no manual start`);
	const executionId = randomUUID();
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node: start, data: { main: [[{ json: {} }]] }, source: null }],
		},
	});
	const additionalData = makeAdditionalData(helper, executionId, {
		...saved,
		active: false,
		settings: {},
	} as unknown as IWorkflowBase);
	const run = await new WorkflowExecute(
		additionalData,
		'manual',
		runExecutionData,
	).processRunExecutionData(workflow);
	const outputs: SavedWorkflowRun['outputs'] = {};
	const errors: SavedWorkflowRun['errors'] = {};
	for (const [name, tasks] of Object.entries(run.data.resultData.runData)) {
		outputs[name] = (tasks[0]?.data?.main?.[0] ?? []).map((item) => item.json);
		if (tasks[0]?.error) errors[name] = tasks[0].error.message;
	}
	return { outputs, errors, run };
}
