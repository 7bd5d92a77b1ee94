import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { inputError } from '../../helpers/inputError';
import type { OperationEnvironment, PayOperation } from '../types';
import { cardUuidProperty } from './fields';

export const deleteCard: PayOperation = {
	value: 'delete',
	name: 'Delete',
	description: 'Remove a saved card',
	action: 'Delete a saved card',
	properties: [cardUuidProperty],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const uuid = String(this.getNodeParameter('cardUuid', itemIndex, '') ?? '').trim();
		if (uuid === '') throw inputError(env.node, itemIndex, 'Card UUID', 'is empty');
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
