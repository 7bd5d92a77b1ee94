import type { IExecuteFunctions } from 'n8n-workflow';

import { readListLimit, returnAllProperties } from '../sharedFields';
import type { OperationEnvironment, PayOperation } from '../types';
import { cardView, listedCards } from './cardView';
import { simpleCard } from './simpleCard';

export const getManyCards: PayOperation = {
	value: 'getAll',
	name: 'Get Many',
	description:
		'List the saved cards of the account (no card numbers: first six and last four digits)',
	action: 'Get many saved cards',
	safeToRunTogether: true,
	simplify: simpleCard,
	properties: [...returnAllProperties],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const limit = readListLimit(this, env, itemIndex);
		const answer = await env.request({
			method: 'GET',
			path: '/list_tc/',
			safety: 'read',
			action: 'reading the card list',
			itemIndex,
		});
		return listedCards(answer)
			.slice(0, limit)
			.map((card) => cardView(card));
	},
};
