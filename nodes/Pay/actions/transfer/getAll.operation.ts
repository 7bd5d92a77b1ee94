import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { readText, shownValue } from '../../helpers/fieldInput';
import { inputError } from '../../helpers/inputError';
import { readTransfer } from '../../../shared/service/transferRecord';
import { fetchAllPages } from '../allPages';
import { readListLimit, returnAllProperties } from '../sharedFields';
import type { OperationEnvironment, PayOperation } from '../types';
import { simpleTransfer } from './simpleTransfer';

export const getManyTransfers: PayOperation = {
	value: 'getAll',
	name: 'Get Many',
	description:
		'List the transfers this account made or received (as the service lists them), newest first',
	action: 'Get many transfers',
	safeToRunTogether: true,
	simplify: simpleTransfer,
	properties: [
		...returnAllProperties,
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			description: 'Applied by the node: the service offers no filters',
			options: [
				{
					displayName: 'Recipient',
					name: 'recipient',
					type: 'string',
					default: '',
					description:
						'Only transfers to this recipient, as the list names it: a mobile number or a username (exact match)',
				},
				{
					displayName: 'Sent After',
					name: 'after',
					type: 'dateTime',
					default: '',
					description: 'Only transfers sent at or after this moment',
				},
				{
					displayName: 'Sent Before',
					name: 'before',
					type: 'dateTime',
					default: '',
					description: 'Only transfers sent before this moment',
				},
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const limit = readListLimit(this, env, itemIndex);
		const filters = readParameter(this, env, 'filters', itemIndex, {}) as IDataObject;
		const after = readMoment(filters.after, () =>
			inputError(node, itemIndex, 'Sent After', `${shownValue(filters.after)} is not a date`),
		);
		const before = readMoment(filters.before, () =>
			inputError(node, itemIndex, 'Sent Before', `${shownValue(filters.before)} is not a date`),
		);
		const recipient = readText(node, itemIndex, 'Recipient', filters.recipient);

		// All pages: the node sorts and filters itself (the API has no filters).
		const records = (await fetchAllPages(env, itemIndex, '/send/', 'the transfer list')).filter(
			(entry): entry is IDataObject => typeof entry === 'object' && entry !== null,
		);
		return (
			records
				.map(readTransfer)
				// Undated records sort last and pass no date filter.
				.map(({ json, time }) => ({ json, time: Number.isNaN(time) ? -Infinity : time }))
				.filter(({ json }) => recipient === '' || json.to_user === recipient)
				.filter(({ time }) => after === undefined || time >= after)
				.filter(({ time }) => before === undefined || time < before)
				.sort((a, b) => b.time - a.time)
				.slice(0, limit)
				.map(({ json }) => json)
		);
	},
};

function readMoment(value: unknown, refuse: () => Error): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const time = Date.parse(String(value));
	if (Number.isNaN(time)) throw refuse();
	return time;
}
