/** Runs of the built Pay node through n8n's engine, as the benchmarks use them. */
import type { ICredentialType, IDataObject } from 'n8n-workflow';

import type { SandboxEndpoint } from '../sandbox';
import { loadBuiltPackage } from '../test/harness/loadPackage';
import { TestCredentialsHelper } from '../test/harness/credentialsHelper';
import { runPayNode } from '../test/harness/runWorkflow';
import { sandboxCredentials } from '../test/harness/sandboxCredentials';
import { BenchFloor, FLOOR_NODE_NAME } from './floorNode';

export const CREATE_PARAMETERS = {
	resource: 'payment',
	operation: 'create',
	amount: '={{ $json.amount }}',
	description: '={{ $json.description }}',
	paymentMethods: ['pse', 'NEQUI'],
	payerRedirectUrl: 'https://shop.example/thanks',
	callbackUrl: 'https://hooks.example/webhook/pay',
	expirationDays: 1,
	options: {},
};

export function invoiceRows(count: number): IDataObject[] {
	return Array.from({ length: count }, (_, index) => ({
		amount: 1000 + index,
		description: `Invoice ${index}`,
	}));
}

export async function runNode(
	sandbox: SandboxEndpoint,
	parameters: IDataObject,
	input: IDataObject[],
) {
	const run = await runPayNode({
		parameters: parameters as never,
		input,
		credentials: sandboxCredentials(sandbox),
	});
	if (run.error) throw new Error(`the node failed: ${run.error.message}`);
	return run;
}

/**
 * Runs the benchmarks' reference node (bench/floorNode.ts) through the same engine and credential.
 */
export async function runFloorNode(
	sandbox: SandboxEndpoint,
	parameters: IDataObject,
	input: IDataObject[],
) {
	const loaded = await loadBuiltPackage();
	loaded.register(FLOOR_NODE_NAME, new BenchFloor());
	const run = await runPayNode({
		nodeName: FLOOR_NODE_NAME,
		parameters: parameters as never,
		input,
		credentials: sandboxCredentials(sandbox),
		credentialsHelper: new TestCredentialsHelper(
			credentialTypesAllowingFloorNode(loaded.credentialTypes),
		),
	});
	if (run.error) throw new Error(`the reference node failed: ${run.error.message}`);
	return run;
}

/**
 * The Pay credential is restricted to this package's nodes (n8n 2.41 refuses it to any other): the
 * reference node is listed beside them, as if it were one of the package's nodes.
 */
function credentialTypesAllowingFloorNode(
	types: Record<string, ICredentialType>,
): Record<string, ICredentialType> {
	const payApi = types.payApi;
	const widened = Object.create(payApi) as ICredentialType;
	widened.supportedNodes = [...(payApi.supportedNodes ?? []), FLOOR_NODE_NAME];
	return { ...types, payApi: widened };
}

/**
 * The reference node's parameters for the same creations as CREATE_PARAMETERS (mapped or fixed).
 */
export function floorCreateParameters(mapped: boolean, concurrency = 1): IDataObject {
	return mapped
		? {
				operation: 'create',
				amount: CREATE_PARAMETERS.amount,
				description: CREATE_PARAMETERS.description,
				concurrency,
			}
		: { operation: 'create', amount: 1000, description: 'fixed', concurrency };
}
