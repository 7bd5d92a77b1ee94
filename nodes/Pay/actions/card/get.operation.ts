import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import { setErrorFacts } from '../../../shared/transport';
import type { OperationEnvironment, PayOperation } from '../types';
import { cardView, listedCards } from './cardView';
import { cardUuidProperties, readCardUuid } from './fields';
import { simpleCard } from './simpleCard';

export const getCard: PayOperation = {
	value: 'get',
	name: 'Get',
	description: 'Read one saved card by its card_uuid',
	action: 'Get a saved card',
	safeToRunTogether: true,
	simplify: simpleCard,
	properties: [...cardUuidProperties],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const uuid = readCardUuid(this, env, itemIndex);
		const answer = await env.request({
			method: 'GET',
			path: '/list_tc/',
			qs: { card_uuid: uuid },
			safety: 'read',
			action: `reading the card ${uuid}`,
			itemIndex,
		});
		// Real clients get a `data` list even for one card, and a service that ignores `card_uuid`
		// lists every card: take the one asked for, never the first.
		const card = listedCards(answer)
			.map((record) => cardView(record))
			.find((view) => String(view.card_uuid) === uuid);
		if (card === undefined) {
			const notFound = new NodeOperationError(env.node, `No saved card has the card_uuid ${uuid}`, {
				itemIndex,
				description: 'Run Card → Get Many to see the saved cards and their card_uuid.',
			});
			setErrorFacts(notFound, { outcome: 'failed' });
			throw notFound;
		}
		return card;
	},
};
