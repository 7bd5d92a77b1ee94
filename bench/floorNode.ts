/**
 * The least any n8n node does for the same requests: it reads the same parameters per item (same
 * expressions), makes one request through n8n's `httpRequestWithAuthentication` with the Pay
 * credential, and returns the answer. No validation, idempotency key, retry, ledger or normalised
 * output. Measuring the Pay node against it separates what the node adds from what n8n's engine
 * and HTTP helper cost every node (a new connection per request, expression resolution).
 * Benchmarks only; it is not part of the package.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

export const FLOOR_NODE_NAME = 'benchFloor';

export class BenchFloor implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Bench floor',
		name: FLOOR_NODE_NAME,
		group: ['transform'],
		version: 1,
		description: 'Reference node of the benchmarks',
		defaults: { name: 'Bench floor' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'payApi', required: true }],
		properties: [
			{ displayName: 'Operation', name: 'operation', type: 'string', default: 'create' },
			{ displayName: 'Amount', name: 'amount', type: 'number', default: 0 },
			{ displayName: 'Description', name: 'description', type: 'string', default: '' },
			{ displayName: 'Slug', name: 'slug', type: 'string', default: '' },
			{ displayName: 'Concurrency', name: 'concurrency', type: 'number', default: 1 },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const operation = this.getNodeParameter('operation', 0) as string;
		const concurrency = this.getNodeParameter('concurrency', 0) as number;
		const credentials = await this.getCredentials('payApi');
		const { baseUrl } = credentials;
		// As the Pay node does: the credential read once, so n8n does not read it again per request.
		const stored = this.getNode().credentials?.payApi;
		const authentication = {
			credentialsDecrypted: {
				id: stored?.id ?? '',
				name: stored?.name ?? '',
				type: 'payApi',
				data: credentials,
			},
		};
		const output: INodeExecutionData[] = new Array(items.length);
		const request = async (itemIndex: number) => {
			const answer =
				operation === 'get'
					? await this.helpers.httpRequestWithAuthentication.call(
							this,
							'payApi',
							{
								method: 'GET',
								url: `${baseUrl}/pay_detail/${this.getNodeParameter('slug', itemIndex) as string}`,
								json: true,
							},
							authentication,
						)
					: await this.helpers.httpRequestWithAuthentication.call(
							this,
							'payApi',
							{
								method: 'POST',
								url: `${baseUrl}/pay/`,
								json: true,
								body: {
									amount: this.getNodeParameter('amount', itemIndex),
									description: this.getNodeParameter('description', itemIndex),
									expiration_days: 1,
									payment_method_enabled: JSON.stringify({ pse: true, NEQUI: true }),
									payer_redirect_url: 'https://shop.example/thanks',
									callback: 'https://hooks.example/webhook/pay',
								},
							},
							authentication,
						);
			output[itemIndex] = { json: answer as IDataObject, pairedItem: { item: itemIndex } };
		};
		let next = 0;
		const worker = async () => {
			while (next < items.length) await request(next++);
		};
		await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
		return [output];
	}
}
