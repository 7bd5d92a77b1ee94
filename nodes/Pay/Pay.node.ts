import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { buildOperationProperties } from './actions/properties';
import { requestOptionsProperty } from './actions/requestOptions';
import { findOperation, route } from './actions/router';
import { buildSubtitle } from './actions/subtitle';
import { CURRENT_PAY_NODE_VERSION, PAY_NODE_VERSIONS } from './helpers/nodeVersions';
import { searchBanks } from './methods/searchBanks';
import { searchCards } from './methods/searchCards';
import { answerCallbackToWaitingRun } from './waiting/resumeWebhook';

export class Pay implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Pay',
		name: 'pay',
		icon: { light: 'file:pay.svg', dark: 'file:pay.dark.svg' },
		group: ['transform'],
		// Version 2: payments and cards picked with resource locators, Simplify
		// (helpers/nodeVersions.ts).
		version: PAY_NODE_VERSIONS,
		defaultVersion: CURRENT_PAY_NODE_VERSION,
		subtitle: buildSubtitle(),
		description:
			'Create payment links, take payments (PSE, Daviplata, Nequi, Bre-B), send balance, withdraw and charge saved cards (Colombia, COP)',
		defaults: { name: 'Pay' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'payApi', required: true }],
		// Called only while an execution waits in this node (Create and Wait for Payment, Withdraw
		// and Wait for Final Status, Get Links Waited For), at its resume URL: n8n registers nothing
		// for them. The first is bound to the node, as n8n's send-and-wait nodes are
		// (…/{execution id}/{node id}); the second serves waits begun by versions before it, whose
		// links carry the execution's URL alone.
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: '={{ $nodeId }}',
				isFullPath: true,
				restartWebhook: true,
			},
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: '',
				restartWebhook: true,
			},
		],
		properties: [...buildOperationProperties(), requestOptionsProperty],
	};

	methods = {
		listSearch: { searchBanks, searchCards },
	};

	// n8n calls these only for webhooks it registers on activation, never for a resume webhook; they
	// exist because n8n's scanner wants every webhook node to say how its webhooks live.
	webhookMethods = {
		default: {
			async checkExists(): Promise<boolean> {
				return true;
			},
			async create(): Promise<boolean> {
				return true;
			},
			async delete(): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const resource = this.getNodeParameter('resource', '') as string;
		const operation = findOperation(resource, this.getNodeParameter('operation', '') as string);
		const waits = operation?.waits;
		return await answerCallbackToWaitingRun.call(
			this,
			waits && { waits, simplify: operation?.simplify },
		);
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
