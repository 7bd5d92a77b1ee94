import type { IExecuteFunctions } from 'n8n-workflow';

import { readRequiredText } from '../../helpers/fieldInput';
import type { OperationEnvironment, PayOperation } from '../types';
import { cardView } from './cardView';
import { cardUuidProperty } from './fields';

export const getCard: PayOperation = {
	value: 'get',
	name: 'Get',
	description: 'Read one saved card by its card_uuid',
	action: 'Get a saved card',
	properties: [cardUuidProperty],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const uuid = readRequiredText(env.node, itemIndex, 'Card UUID', this.getNodeParameter('cardUuid', itemIndex, ''));
		const answer = await env.request({ method: 'GET', path: '/list_tc/', qs: { card_uuid: uuid }, safety: 'read', action: 'reading the card', itemIndex });
		return cardView(Array.isArray(answer) ? answer[0] : answer);
	},
};
