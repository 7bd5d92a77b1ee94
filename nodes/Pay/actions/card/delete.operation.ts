import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { isEmptyAnswer } from '../../helpers/emptyAnswer';
import type { PayRequest } from '../../../shared/transport';
import { optionsCollection } from '../sharedFields';
import type { OperationEnvironment, PayOperation } from '../types';
import { cardUuidProperties, readCardUuid } from './fields';

type DeleteMethod = 'GET' | 'DELETE';

export const deleteCard: PayOperation = {
	value: 'delete',
	name: 'Delete',
	description: 'Remove a saved card',
	action: 'Delete a saved card',
	toolUse: { refused: 'card data must not pass through a model' },
	properties: [
		...cardUuidProperties,
		optionsCollection([
			{
				displayName: 'Delete Request',
				name: 'deleteMethod',
				type: 'options',
				options: [
					{
						name: 'DELETE Request (Spec)',
						value: 'DELETE',
						description:
							'Sends DELETE /delete_tc/ with the card_uuid in the body, as the spec shows',
					},
					{
						name: 'GET Request (Real Clients)',
						value: 'GET',
						description:
							'Sends GET /delete_tc/?tc_id=…, as every real client and both documentation versions do',
					},
				],
				default: 'GET',
				description:
					'The request tried first. Should the service answer it 405 (method not allowed), the other is sent once: a 405 comes before anything is deleted.',
			},
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const uuid = readCardUuid(this, env, itemIndex);
		const options = readParameter(this, env, 'options', itemIndex, {}) as IDataObject;
		const first: DeleteMethod = options.deleteMethod === 'DELETE' ? 'DELETE' : 'GET';
		let method = first;
		// 405: the service does not take this method, so nothing was deleted and the other one may go.
		// Deleting moves no money, and a card already gone would be answered "not found",
		// never deleted twice.
		let answer = await env
			.request(deleteRequest(first, uuid, itemIndex))
			.catch((error: unknown) =>
				isMethodNotAllowed(error) ? METHOD_NOT_ALLOWED : Promise.reject(error),
			);
		if (answer === METHOD_NOT_ALLOWED) {
			method = first === 'GET' ? 'DELETE' : 'GET';
			answer = await env.request(deleteRequest(method, uuid, itemIndex));
		}
		const output: IDataObject = { card_uuid: uuid, deleted: true, method };
		if (!isEmptyAnswer(answer)) output.response = answer as IDataObject;
		return output;
	},
};

function deleteRequest(method: DeleteMethod, uuid: string, itemIndex: number): PayRequest {
	const where = method === 'GET' ? { qs: { tc_id: uuid } } : { body: { card_uuid: uuid } };
	return {
		method,
		path: '/delete_tc/',
		...where,
		safety: 'once',
		action: `deleting the card ${uuid}`,
		howToCheck: 'Run Card → Get for this card: "not found" means it was deleted.',
		itemIndex,
	};
}

const METHOD_NOT_ALLOWED = Symbol('405 Method Not Allowed');

function isMethodNotAllowed(error: unknown): boolean {
	return error instanceof NodeApiError && error.httpCode === '405';
}
