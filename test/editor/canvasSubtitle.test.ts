/**
 * The subtitle under a node on the canvas: n8n evaluates the description's `subtitle` expression
 * against the node's parameters. It must read as the editor's own names ("Request Verification
 * Codes: Account"), never as the values stored in workflows ("requestCodes: account").
 */
import { Workflow } from 'n8n-workflow';
import type { INode, INodeParameters } from 'n8n-workflow';

import { resources } from '../../nodes/Pay/actions/registry';
import { loadBuiltPackage } from '../harness/loadPackage';

/** The subtitle n8n's editor shows for a node of the built package with these parameters. */
async function subtitleOf(nodeName: string, parameters: INodeParameters): Promise<unknown> {
	const loaded = await loadBuiltPackage();
	const type = loaded.typeName(nodeName);
	const node: INode = {
		id: 'n1',
		name: 'Node',
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: loaded.nodeTypes,
	});
	const { subtitle } = loaded.nodeTypes.getByNameAndVersion(type, 1).description;
	return workflow.expression.getSimpleParameterValue(
		node,
		subtitle as string,
		'internal',
		{},
		undefined,
		'',
	);
}

const everyOperation = resources.flatMap((resource) =>
	resource.operations.map(
		(operation) => [`${resource.value} → ${operation.value}`, resource, operation] as const,
	),
);

describe('Pay node subtitle', () => {
	it.each(everyOperation)(
		'%s reads "<operation name>: <resource name>"',
		async (_case, resource, operation) => {
			const subtitle = await subtitleOf('pay', {
				resource: resource.value,
				operation: operation.value,
			});
			expect(subtitle).toBe(`${operation.name}: ${resource.name}`);
		},
	);

	it('reads "Request Verification Codes: Account" for Account → Request Verification Codes', async () => {
		const account = resources.find((resource) => resource.name === 'Account');
		const requestCodes = account?.operations.find(
			(operation) => operation.name === 'Request Verification Codes',
		);
		expect(requestCodes).toBeDefined();
		expect(
			await subtitleOf('pay', {
				resource: account?.value ?? '',
				operation: requestCodes?.value ?? '',
			}),
		).toBe('Request Verification Codes: Account');
	});

	it('shows the stored values for a pair this version does not know (a workflow from a newer version)', async () => {
		expect(await subtitleOf('pay', { resource: 'payment', operation: 'somethingNew' })).toBe(
			'somethingNew: payment',
		);
	});
});

describe('Pay Trigger subtitle', () => {
	it('names the chosen events in words', async () => {
		expect(await subtitleOf('payTrigger', { events: ['paymentPaid', 'withdrawal'] })).toBe(
			'On payment paid, withdrawal status changed',
		);
	});

	it('names states chosen one by one in words too', async () => {
		expect(
			await subtitleOf('payTrigger', { events: ['paymentRefunded', 'withdrawalRejected'] }),
		).toBe('On payment refunded, withdrawal rejected');
	});
});
