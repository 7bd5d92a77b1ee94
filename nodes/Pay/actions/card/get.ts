import type { IExecuteFunctions } from 'n8n-workflow';

import { inputError } from '../../helpers/inputError';
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
		const uuid = String(this.getNodeParameter('cardUuid', itemIndex, '') ?? '').trim();
		if (uuid === '') throw inputError(env.node, itemIndex, 'Card UUID', 'is empty');
		const answer = await env.request({ method: 'GET', path: '/list_tc/', qs: { card_uuid: uuid }, safety: 'read', action: 'reading the card', itemIndex });
		return cardView(Array.isArray(answer) ? answer[0] : answer);
	},
};
