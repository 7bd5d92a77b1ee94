/**
 * The Pay API credential may be used only by this package's nodes (restrictToSupportedNodes, n8n
 * 2.41+): n8n-core refuses to hand its API key and refresh token to any other node, the HTTP
 * Request node included, which otherwise may read every credential. Run through n8n-core's
 * WorkflowExecute with the test credentials helper, which decides as n8n 2.41's server does.
 */
import { WorkflowExecute } from 'n8n-core';
import { Workflow, createRunExecutionData } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IWorkflowBase,
} from 'n8n-workflow';

import { TestCredentialsHelper } from '../harness/credentialsHelper';
import { loadBuiltPackage } from '../harness/loadPackage';
import { CREDENTIAL_ID, makeAdditionalData, shutDownEngine } from '../harness/runWorkflow';

afterAll(() => shutDownEngine());

const SECRET_VALUES = {
	apiKey: 'api-key-of-the-pay-account',
	refreshToken: 'refresh-token-of-the-pay-account',
};

/** A node that reads the Pay API credential and outputs what it got. */
function borrowingNode(name: string): INodeType {
	return {
		description: {
			displayName: name,
			name,
			group: ['transform'],
			version: 1,
			description: "Reads another package's credential",
			defaults: { name },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'payApi', required: true }],
			properties: [],
		},
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const credentials = await this.getCredentials('payApi');
			return [[{ json: { ...credentials } }]];
		},
	} as INodeType;
}

/** Runs a node of the given type that reads the credential; returns its output and error. */
async function runBorrower(nodeType: string) {
	const loaded = await loadBuiltPackage();
	const borrower = borrowingNode(nodeType.split('.')[1]);
	const nodeTypes: INodeTypes = {
		getByName: (type) => (type === nodeType ? borrower : loaded.nodeTypes.getByName(type)),
		getByNameAndVersion: (type, version) =>
			type === nodeType ? borrower : loaded.nodeTypes.getByNameAndVersion(type, version),
		getKnownTypes: () => ({}),
	};
	const helper = new TestCredentialsHelper(loaded.credentialTypes);
	helper.stored.set(CREDENTIAL_ID, {
		baseUrl: 'http://127.0.0.1:9',
		authMethod: 'refreshToken',
		sessionToken: '',
		...SECRET_VALUES,
	});
	const node: INode = {
		id: 'borrower',
		name: 'Borrower',
		type: nodeType,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { payApi: { id: CREDENTIAL_ID, name: 'Pay sandbox' } },
	};
	const workflowData = {
		id: 'borrowing-workflow',
		name: 'Borrowing',
		nodes: [node],
		connections: {},
		active: false,
	} as unknown as IWorkflowBase;
	const workflow = new Workflow({
		id: workflowData.id,
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
		settings: {},
	});
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node, data: { main: [[{ json: {} }]] }, source: null }],
		},
	});
	const run = await new WorkflowExecute(
		makeAdditionalData(helper, 'borrowing-run', workflowData),
		'manual',
		runExecutionData,
	).processRunExecutionData(workflow);
	const task = run.data.resultData.runData[node.name]?.[0];
	return {
		items: task?.data?.main?.[0] ?? [],
		error: task?.error as { message: string } | undefined,
		helper,
		serialized: JSON.stringify(run),
	};
}

describe("Pay API credential restricted to this package's nodes", () => {
	it('declares restrictToSupportedNodes, and n8n lists the Pay node and the two triggers as its nodes', async () => {
		const { credentialTypes } = await loadBuiltPackage();
		expect(credentialTypes.payApi.restrictToSupportedNodes).toBe(true);
		expect([...(credentialTypes.payApi.supportedNodes ?? [])].sort()).toEqual([
			'pay',
			'payMoneyReceivedTrigger',
			'payTrigger',
		]);
	});

	it.each([
		['the HTTP Request node', 'n8n-nodes-base.httpRequest'],
		['a node of another package that names the credential', 'n8n-nodes-other.borrower'],
	])(
		'%s cannot read it: the node fails and nothing of the credential comes out',
		async (_case, nodeType) => {
			const { items, error, helper, serialized } = await runBorrower(nodeType);
			expect(error?.message).toBe('Credential type "payApi" is restricted to specific nodes');
			expect(items).toEqual([]);
			expect(helper.decryptions).toBe(0);
			for (const secret of Object.values(SECRET_VALUES)) expect(serialized).not.toContain(secret);
		},
	);

	it("the package's own nodes may use it (n8n's rule, as the helper applies it)", async () => {
		const { packageName, credentialTypes } = await loadBuiltPackage();
		const helper = new TestCredentialsHelper(credentialTypes);
		expect(helper.isCredentialUsableByNode('payApi', `${packageName}.pay`)).toBe(true);
		expect(helper.isCredentialUsableByNode('payApi', `${packageName}.payTrigger`)).toBe(true);
		expect(helper.isCredentialUsableByNode('payApi', 'n8n-nodes-base.httpRequest')).toBe(false);
	});
});
