/** The live bank list of the PSE checkout's "Bank" field, through n8n-core's LoadOptionsContext. */
import { LoadOptionsContext } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type { INode, INodeType, IWorkflowBase } from 'n8n-workflow';

import type { Sandbox } from '../../../../../sandbox';
import { TestCredentialsHelper } from '../../../../harness/credentialsHelper';
import { loadBuiltPackage } from '../../../../harness/loadPackage';
import { CREDENTIAL_ID, makeAdditionalData } from '../../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../../harness/sandboxPerFile';

let sandbox: Sandbox;

useSandboxPerFile((started) => (sandbox = started));

async function searchBanks(filter?: string) {
	const loaded = await loadBuiltPackage();
	const helper = new TestCredentialsHelper(loaded.credentialTypes);
	helper.stored.set(CREDENTIAL_ID, { sessionToken: '', ...sandboxCredentials(sandbox) });
	const node: INode = {
		id: 'pay',
		name: 'Pay',
		type: loaded.typeName('pay'),
		typeVersion: 1,
		position: [0, 0],
		parameters: { resource: 'checkout', operation: 'payWithPse' },
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
		'bank',
	);
	const nodeType = loaded.nodeTypes.getByName(node.type) as INodeType;
	return await nodeType.methods!.listSearch!.searchBanks.call(context, filter);
}

describe('Bank field: live list', () => {
	it("lists the catalog's banks by name with their codes, without the prompt row", async () => {
		const { results } = await searchBanks();
		expect(results.length).toBeGreaterThan(3);
		expect(results).toContainEqual({ name: 'BANCOLOMBIA', value: '1007' });
		expect(results.some((bank) => bank.value === '0')).toBe(false);
	});

	it('filters by what the user types, in name or code', async () => {
		expect((await searchBanks('davi')).results).toEqual([
			{ name: 'BANCO DAVIVIENDA', value: '1051' },
		]);
		expect((await searchBanks('1507')).results).toEqual([{ name: 'NEQUI', value: '1507' }]);
	});
});
