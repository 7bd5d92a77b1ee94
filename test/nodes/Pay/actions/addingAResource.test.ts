/**
 * Adding a resource is its files plus one line in `actions/registry.ts` (CONTRIBUTING, "Adding an
 * operation"). Here a Refund resource, written as a newcomer would write its folder, is added to
 * the built package's registry list, where that line puts it, before n8n loads the node: it is
 * then described (the editor's fields, the Reference, "moves real money"), routed (an execution
 * runs it against the sandbox), and guarded as every money-moving operation is (never sent twice,
 * the service asked when its answer is lost, the Pay Tool refusing it by default). Nothing else of
 * the package names it.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';
import { join } from 'path';

import type { Sandbox } from '../../../../sandbox';
import type {
	OperationEnvironment,
	PayOperation,
	PayResource,
} from '../../../../nodes/Pay/actions/types';
import { loadBuiltPackage, PACKAGE_ROOT } from '../../../harness/loadPackage';
import { runPayNode } from '../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import { firstAnswer, runAgentWithPayTool } from '../tool/scriptedAgent';

/** The built package's own modules: n8n's loader requires the built files in tests. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const built = <T>(path: string): T => require(join(PACKAGE_ROOT, 'dist', path)) as T;
const { resources } = built<{ resources: PayResource[] }>('nodes/Pay/actions/registry');
const { readReference } = built<typeof import('../../../../nodes/Pay/execution/derivedReference')>(
	'nodes/Pay/execution/derivedReference',
);
const { guardedField } = built<typeof import('../../../../nodes/Pay/actions/moneyFields')>(
	'nodes/Pay/actions/moneyFields',
);
const { readParameter } = built<typeof import('../../../../nodes/Pay/execution/readParameter')>(
	'nodes/Pay/execution/readParameter',
);
const { transferListShows } = built<
	typeof import('../../../../nodes/Pay/actions/transfer/transferListCheck')
>('nodes/Pay/actions/transfer/transferListCheck');

// actions/refund/sendBack.operation.ts, as a newcomer writes it.
const payerProperty: INodeProperties = {
	displayName: 'Payer',
	name: 'payer',
	type: 'string',
	required: true,
	default: '',
};
const refundAmountProperty: INodeProperties = {
	displayName: 'Amount',
	name: 'amount',
	type: 'number',
	default: 0,
};
const REFUND_IDENTITY = 'refund';
const sendBack: PayOperation = {
	value: 'sendBack',
	name: 'Send Back',
	description: 'Send a payment back to its payer',
	action: 'Send a payment back',
	referenceIdentity: REFUND_IDENTITY,
	money: {
		amountFrom: { field: guardedField(refundAmountProperty) },
		recipientFields: [guardedField(payerProperty)],
		recipientNoun: 'Payer',
		recipientExamples: '3001234567',
	},
	properties: [payerProperty, refundAmountProperty],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const payer = String(readParameter(this, env, 'payer', itemIndex, ''));
		const amount = Number(readParameter(this, env, 'amount', itemIndex, 0));
		const reference = await readReference(this, itemIndex, env, REFUND_IDENTITY, [payer, amount]);
		await env.request({
			method: 'POST',
			path: '/send/',
			body: { to_user: payer, amount },
			safety: 'once',
			check: {
				ask: async (read, claimedAt) =>
					await transferListShows(read, claimedAt, { recipient: payer, amount }),
			},
			action: `the refund of ${amount} COP to ${payer}`,
			itemIndex,
			reference,
		});
		return { refunded: true, to_user: payer, amount, reference };
	},
};
// actions/refund/index.ts.
const refundResource: PayResource = {
	value: 'refund',
	name: 'Refund',
	description: 'Send payments back to their payers',
	defaultOperation: 'sendBack',
	operations: [sendBack],
};
// The one line of actions/registry.ts.
resources.push(refundResource);

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));
beforeEach(async () => await sandbox.control.reset());

const REFUND = { resource: 'refund', operation: 'sendBack', payer: 'friend', amount: 1500 };
const refundsTo = (payer: string) =>
	sandbox.state.transfers.filter((transfer) => transfer.toUser === payer).length;
const run = (parameters: IDataObject, workflowId: string) =>
	runPayNode({
		parameters: parameters as never,
		credentials: sandboxCredentials(sandbox),
		workflowId,
	});

async function payDescription(): Promise<INodeTypeDescription> {
	const loaded = await loadBuiltPackage();
	return loaded.nodeTypes.getByNameAndVersion(loaded.typeName('pay'), 2).description;
}

describe('a resource added by one registry line', () => {
	it('is described: its resource, its operation saying it moves money, its fields and the Reference', async () => {
		const { properties, subtitle } = await payDescription();
		const resource = properties.find((property) => property.name === 'resource');
		expect(resource?.options).toContainEqual(expect.objectContaining({ value: 'refund' }));
		const shownFor = (name: string) =>
			properties.filter(
				(property) =>
					property.name === name &&
					property.displayOptions?.show?.resource?.includes('refund') === true,
			);
		const [operations] = shownFor('operation');
		expect(operations.options as INodePropertyOptions[]).toEqual([
			expect.objectContaining({
				value: 'sendBack',
				action: 'Send a payment back (moves real money)',
			}),
		]);
		for (const field of ['payer', 'amount', 'reference', 'toolAllowMoneyMovement'])
			expect(shownFor(field)).toHaveLength(1);
		expect(subtitle).toContain('"refund.sendBack":"Send Back: Refund"');
	});

	it('is routed, and sent once: an execution that finds its Reference recorded sends nothing', async () => {
		const parameters = { ...REFUND, reference: 'RF-1001' };
		const first = await run(parameters, 'refund-once');
		expect(first.error).toBeUndefined();
		expect(first.items[0].json).toEqual({
			refunded: true,
			to_user: 'friend',
			amount: 1500,
			reference: 'RF-1001',
		});
		const again = await run(parameters, 'refund-once');
		expect(again.items[0].json).toMatchObject({ outcome: 'already_sent', reference: 'RF-1001' });
		expect(refundsTo('friend')).toBe(1);
	});

	it('asks the service, its way, when its answer is lost', async () => {
		await sandbox.control.injectFault({ route: 'POST /send/', status: 500, afterProcessing: true });
		const lost = await run(REFUND, 'refund-lost');
		expect(lost.error).toBeUndefined();
		expect(lost.items[0].json).toMatchObject({
			outcome: 'sent',
			resolved_by: 'GET /send/',
			transfer: { to_user: 'friend', amount: 1500 },
		});
		expect(refundsTo('friend')).toBe(1);
	});

	it('is refused to an AI agent unless the user allowed moving money', async () => {
		const { results, toolDescription } = await runAgentWithPayTool({
			parameters: REFUND as never,
			calls: [{}],
			credentials: sandboxCredentials(sandbox),
		});
		expect(firstAnswer(results[0])).toMatchObject({ sent: false, reason: 'money_not_allowed' });
		expect(toolDescription).toContain('moves real money');
		expect(refundsTo('friend')).toBe(0);
	});
});
