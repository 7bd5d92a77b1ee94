/** Runs of the built Pay node through n8n's engine, as the benchmarks use them. */
import type { IDataObject } from 'n8n-workflow';

import type { SandboxEndpoint } from '../sandbox';
import { runPayNode } from '../test/harness/runWorkflow';
import { sandboxCredentials } from '../test/harness/sandboxCredentials';

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
	return Array.from({ length: count }, (_, index) => ({ amount: 1000 + index, description: `Invoice ${index}` }));
}

export async function runNode(sandbox: SandboxEndpoint, parameters: IDataObject, input: IDataObject[]) {
	const run = await runPayNode({ parameters: parameters as never, input, credentials: sandboxCredentials(sandbox) });
	if (run.error) throw new Error(`the node failed: ${run.error.message}`);
	return run;
}
