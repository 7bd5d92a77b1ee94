import type { IExecuteFunctions } from 'n8n-workflow';

import type { OperationEnvironment, PayOperation } from '../types';
import { cardView } from './cardView';
import { returnAllProperties } from '../sharedFields';

export const listCards: PayOperation = {
	value: 'list',
	name: 'List',
	description: 'List the saved cards of the account (no card numbers: first six and last four digits)',
	action: 'List saved cards',
	properties: [
		...returnAllProperties,
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
		const limit = returnAll ? Infinity : Number(this.getNodeParameter('limit', itemIndex, 50));
		const answer = await env.request({ method: 'GET', path: '/list_tc/', safety: 'read', action: 'the card list', itemIndex });
		const list = Array.isArray(answer) ? answer : answer === undefined || answer === null ? [] : [answer];
		return list.slice(0, limit).map(cardView);
	},
};
