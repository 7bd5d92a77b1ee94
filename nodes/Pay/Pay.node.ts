import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { buildOperationProperties } from './actions/properties';
import { route } from './actions/router';
import { buildSubtitle } from './actions/subtitle';
import { CURRENT_PAY_NODE_VERSION, PAY_NODE_VERSIONS } from './helpers/nodeVersions';
import { searchBanks } from './methods/searchBanks';
import { searchCards } from './methods/searchCards';
import { requestOptionsProperty } from './requestOptions';

export class Pay implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Pay',
		name: 'pay',
		icon: { light: 'file:pay.svg', dark: 'file:pay.dark.svg' },
		group: ['transform'],
		// Version 2: payments and cards picked with resource locators, Simplify (helpers/nodeVersions.ts).
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
		properties: [...buildOperationProperties(), requestOptionsProperty],
	};

	methods = {
		listSearch: { searchBanks, searchCards },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
