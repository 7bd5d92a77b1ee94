/**
 * A resource locator's list as the editor loads it: the Pay node's listSearch method, called
 * through n8n-core's LoadOptionsContext with the sandbox credential, for a
 * node with these parameters.
 */
import { LoadOptionsContext } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type { INode, INodeListSearchResult, INodeType, IWorkflowBase } from 'n8n-workflow';

import type { SandboxEndpoint } from '../../sandbox';
import { TestCredentialsHelper } from './credentialsHelper';
import { loadBuiltPackage } from './loadPackage';
import { CREDENTIAL_ID, makeAdditionalData } from './runWorkflow';
import { sandboxCredentials } from './sandboxCredentials';

export interface ListSearch {
	method: string;
	/** The field whose list it is, e.g. `bank`. */
	field: string;
	parameters: INode['parameters'];
	typeVersion: number;
	filter?: string;
}

export async function searchList(
	sandbox: SandboxEndpoint,
	search: ListSearch,
): Promise<INodeListSearchResult> {
	const loaded = await loadBuiltPackage();
	const helper = new TestCredentialsHelper(loaded.credentialTypes);
	helper.stored.set(CREDENTIAL_ID, { sessionToken: '', ...sandboxCredentials(sandbox) });
	const node: INode = {
		id: 'pay',
		name: 'Pay',
		type: loaded.typeName('pay'),
		typeVersion: search.typeVersion,
		position: [0, 0],
		parameters: search.parameters,
		credentials: { payApi: { id: CREDENTIAL_ID, name: 'Pay sandbox' } },
	};
	const workflow = new Workflow({
		id: 'w',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: loaded.nodeTypes,
	});
	const context = new LoadOptionsContext(
		workflow,
		node,
		makeAdditionalData(helper, 'load-options', { id: 'w' } as IWorkflowBase),
		search.field,
	);
	const nodeType = loaded.nodeTypes.getByName(node.type) as INodeType;
	return await nodeType.methods!.listSearch![search.method].call(context, search.filter);
}
