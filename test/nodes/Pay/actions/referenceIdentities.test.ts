/**
 * An operation's reference identity is part of every Reference (and derived idempotency key) it
 * derives: n8n's Retry after an upgrade of the package must derive the very Reference the earlier
 * version recorded, or the payment goes out again. So the identities, and what each operation
 * derives from fixed inputs, are pinned here: a test that fails when someone edits one. The values
 * were computed by the code before the identities were named in the descriptors (and this file
 * passes on that code: its third test, by each operation's own execute), so they are the
 * References users' records hold.
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { resources } from '../../../../nodes/Pay/actions/registry';
import type { OperationEnvironment, PayOperation } from '../../../../nodes/Pay/actions/types';
import { derivedReference } from '../../../../nodes/Pay/execution/derivedReference';
import type { PayRequest } from '../../../../nodes/shared/transport/terms/requestTypes';

/** Every operation with a derived Reference or key: `resource/operation` → its identity. */
const PINNED_IDENTITIES: Record<string, string> = {
	'card/charge': 'charge',
	'checkout/confirmWalletOtp': 'otp',
	'checkout/payInCash': 'checkout',
	'checkout/payWithBankButton': 'checkout',
	'checkout/payWithBreb': 'checkout',
	'checkout/payWithDaviplata': 'checkout',
	'checkout/payWithNequi': 'checkout',
	'checkout/payWithOtherMethod': 'checkout',
	'checkout/payWithPse': 'checkout',
	'payment/create': 'payment-create',
	'payment/createAndWait': 'payment-create',
	'transfer/send': 'transfer',
	'withdrawal/withdraw': 'withdrawal',
	'withdrawal/withdrawAndWait': 'withdrawal',
};

/** What each identity derives for item 0 of the fixed run below, paying `PAYMENT`. */
const PAYMENT = ['3001234567', 15000];
const PINNED_REFERENCES: Record<string, string> = {
	charge: 'ref-838d3d2c4e51fc8484f770d10e97da37',
	checkout: 'ref-58339168dda141ec92fe3e2d4b5a2c27',
	otp: 'ref-0ec74d0ec5b17adba5480d06a1190b9c',
	'payment-create': 'ref-7ba598737f5f6ff3705cdd3d5da3bbed',
	transfer: 'ref-f66c4db78f8cb098644e051f15bb8e64',
	withdrawal: 'ref-e0cf640fbd2dcce025eec0d482e406e4',
};

/** What each operation sends as its Reference (or key) for the fixed fields of `SENDS`. */
const SENDS: Array<{ path: string; parameters: IDataObject; sent: string }> = [
	{
		path: 'transfer/send',
		parameters: { recipient: '3001234567', amount: 15000 },
		sent: 'ref-f66c4db78f8cb098644e051f15bb8e64',
	},
	{
		path: 'card/charge',
		parameters: { cardUuid: 'card-1', slug: 'inv-1', dues: 2, cvv: '123' },
		sent: 'ref-1c79028d8be3c25d0dcf5b7b9528cac4',
	},
	{
		path: 'checkout/confirmWalletOtp',
		parameters: { slug: 'inv-1', otp: '123456' },
		sent: 'ref-a2d0fe11b085349340c5be079b8737e9',
	},
	{
		path: 'checkout/payWithBreb',
		parameters: { slug: 'inv-1', methodKey: 'breb' },
		sent: 'ref-d7d5915d038aaac5e11f6bb48995f821',
	},
	{
		path: 'withdrawal/withdraw',
		parameters: {
			amount: 20000,
			keyValue: '3001234567',
			accountHolderName: 'Ana Gomez',
			accountType: '8',
			callbackUrl: '',
		},
		sent: 'ref-49c0f388f927f1e4b5faa39d3f5858fb',
	},
	{
		path: 'payment/create',
		parameters: {
			amount: 15000,
			description: 'Invoice 1',
			paymentMethods: ['PSE'],
			expirationDays: 1,
			payerRedirectUrl: 'https://example.com/thanks',
			callbackUrl: 'https://example.com/callback',
			options: { addCallbackSecret: false },
		},
		sent: 'ref-95c7199c9fd101781608a9926581dc59',
	},
];

const START_ITEMS = [{ json: { event: 'payment.paid', slug: 'AbC123' } }];

function fixedRun(parameters: IDataObject): IExecuteFunctions {
	return {
		getWorkflow: () => ({ id: 'wf-7', active: true }),
		getExecutionId: () => 'exec-41',
		getMode: () => 'trigger',
		getParentNodes: () => [],
		getInputData: () => START_ITEMS,
		getNodeParameter: (name: string, _item: number, fallback?: unknown) =>
			name in parameters ? parameters[name] : fallback,
	} as unknown as IExecuteFunctions;
}

/** A stop after the request is seen: nothing is sent, nothing after it runs. */
class Sent extends Error {}

function environment(parameters: IDataObject, seen: PayRequest[]): OperationEnvironment {
	const node: INode = {
		id: 'node-3',
		name: 'Pay',
		type: 'n8n-nodes-pay.pay',
		typeVersion: 1,
		position: [0, 0],
		parameters: parameters as INode['parameters'],
	};
	return {
		node,
		runIndex: 2,
		executionCache: new Map(),
		settings: {} as never,
		credentials: async () => ({ baseUrl: 'https://api.example.com' }),
		request: async (request: PayRequest) => {
			seen.push(request);
			throw new Sent();
		},
	} as unknown as OperationEnvironment;
}

function operationAt(path: string): PayOperation {
	const [resourceValue, operationValue] = path.split('/');
	const resource = resources.find((candidate) => candidate.value === resourceValue);
	const operation = resource?.operations.find((candidate) => candidate.value === operationValue);
	if (!operation) throw new Error(`no operation ${path}`);
	return operation;
}

/** The Reference the request carries, or the idempotency key it was derived into. */
function sentReferenceOf(request: PayRequest): unknown {
	const body = typeof request.body === 'object' ? request.body : {};
	return request.reference ?? body.idempotency_key;
}

describe('reference identities', () => {
	it('are named in the descriptors, as they always were, and every money-moving one has one', () => {
		const named: Record<string, string> = {};
		for (const resource of resources)
			for (const operation of resource.operations) {
				const path = `${resource.value}/${operation.value}`;
				if (operation.referenceIdentity !== undefined) named[path] = operation.referenceIdentity;
				else if (operation.money) named[path] = 'none, though it moves money';
			}
		expect(named).toEqual(PINNED_IDENTITIES);
	});

	it('derives, for fixed inputs, the References every earlier version derived', async () => {
		const env = environment({}, []);
		const derived: Record<string, string> = {};
		for (const identity of Object.keys(PINNED_REFERENCES))
			derived[identity] = await derivedReference(fixedRun({}), env, 0, identity, PAYMENT);
		expect(derived).toEqual(PINNED_REFERENCES);
	});

	it.each(SENDS)('$path sends the Reference it always sent', async ({ path, parameters, sent }) => {
		const seen: PayRequest[] = [];
		const env = environment(parameters, seen);
		await expect(operationAt(path).execute.call(fixedRun(parameters), 0, env)).rejects.toThrow(
			Sent,
		);
		expect(seen).toHaveLength(1);
		expect(sentReferenceOf(seen[0])).toBe(sent);
	});
});
