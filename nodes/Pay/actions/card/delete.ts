import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readRequiredText } from '../../helpers/fieldInput';
import type { OperationEnvironment, PayOperation } from '../types';
import { cardUuidProperty } from './fields';

export const deleteCard: PayOperation = {
	value: 'delete',
	name: 'Delete',
	description: 'Remove a saved card',
	action: 'Delete a saved card',
	properties: [cardUuidProperty],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const uuid = readRequiredText(env.node, itemIndex, 'Card UUID', this.getNodeParameter('cardUuid', itemIndex, ''));
		const answer = await env.request({
			method: 'DELETE',
			path: '/delete_tc/',
			body: { card_uuid: uuid },
			safety: 'once',
			action: `deleting the card ${uuid}`,
			howToCheck: 'Run Card → Get for this card: "not found" means it was deleted.',
			itemIndex,
		});
		return { card_uuid: uuid, deleted: true, response: (answer ?? {}) as IDataObject };
	},
};
