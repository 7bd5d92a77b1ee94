import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type { ICredentialDataDecryptedObject, IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { buildOperationProperties, findOperation } from './actions/router';
import { buildSubtitle } from './actions/subtitle';
import type { OperationEnvironment } from './actions/types';
import { guardAfterMoneyMoved } from './execution/afterMoneyMoved';
import { ledgerScope, releaseLedger } from './execution/onceLedger';
import { runItems } from './execution/runItems';
import { defaultItemsAtOnce } from './itemsAtOnce';
import { searchBanks } from './methods/searchBanks';
import { readRequestOptions, requestOptionsProperty } from './requestOptions';
import type { RequestOptions } from './requestOptions';
import { CREDENTIAL_NAME, payApiRequest } from './transport/request';

export class Pay implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Pay',
		name: 'pay',
		icon: { light: 'file:pay.svg', dark: 'file:pay.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: buildSubtitle(),
		description:
			'Create payment links, take payments (PSE, Daviplata, Nequi, Bre-B), send balance, withdraw and charge saved cards (Colombia, COP)',
		defaults: { name: 'Pay' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'payApi', required: true }],
		properties: [...buildOperationProperties(), requestOptionsProperty],
	};

	methods = {
		listSearch: { searchBanks },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const resource = this.getNodeParameter('resource', 0) as string;
		const operationName = this.getNodeParameter('operation', 0) as string;
		const operation = findOperation(resource, operationName);
		// Read once: n8n's getNode() copies the node, parameters and all, on every call.
		const node = this.getNode();
		if (!operation) {
			throw new NodeOperationError(node, `The operation "${operationName}" of "${resource}" is not supported`);
		}
		let requestOptions: RequestOptions;
		try {
			requestOptions = readRequestOptions(this, node, defaultItemsAtOnce(resource, operationName));
		} catch (error) {
			// Node-wide settings: every item fails alike, each paired to its input with Continue On Fail.
			return [(await runItems(this, items.length, async () => await Promise.reject(error))).items];
		}
		const { concurrency, settings } = requestOptions;
		// Read once: building n8n's data proxy for every request was a measurable cost.
		const runIndex = this.getWorkflowDataProxy(0).$runIndex as number;
		// Where the at-most-once ledger remembers this run's requests; outside an execution, nowhere.
		const executionId = this.getExecutionId();
		const scope = executionId ? ledgerScope(this.getWorkflow().id ?? '', executionId, node.name, runIndex) : undefined;
		// Read once per execution, as most n8n nodes do: n8n fetches and decrypts them on every call.
		let credentials: Promise<ICredentialDataDecryptedObject> | undefined;
		const credentialsFor = async (itemIndex: number) => await (credentials ??= this.getCredentials(CREDENTIAL_NAME, itemIndex));
		const environment: OperationEnvironment = {
			settings,
			executionCache: new Map(),
			runIndex,
			node,
			credentials: credentialsFor,
			request: async (request) =>
				await payApiRequest.call(this, { node, ledgerScope: scope, credentials: await credentialsFor(request.itemIndex ?? 0), ...request }, settings),
		};
		const { items: output, failedItems } = await runItems(
			this,
			items.length,
			async (itemIndex) => await guardAfterMoneyMoved(environment, itemIndex, async (watched) => await operation.execute.call(this, itemIndex, watched)),
			concurrency,
		);
		// Every item done: n8n will not run this again, so the at-most-once ledger can let go of the
		// answers. After a failure it is kept, as n8n's Retry On Fail may run the node again.
		if (failedItems === 0 && scope !== undefined) releaseLedger(scope);
		return [output];
	}
}
