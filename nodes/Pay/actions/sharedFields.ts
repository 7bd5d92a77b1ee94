/** Field definitions that several operations share, so they read and behave the same everywhere. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readParameter } from '../execution/readParameter';
import { readWholeNumber, readYesNo } from '../helpers/fieldInput';
import type { OperationEnvironment } from './types';

/**
 * An amount in Colombian pesos. No `numberPrecision`: n8n's editor would round what the user typed
 * before the node saw it (2500.4 was stored as 2500 for a withdrawal), and money is never rounded.
 * The operation refuses what it cannot send as meant, naming the field.
 */
export function amountProperty(description: string, hint = CENTS): INodeProperties {
	return {
		displayName: 'Amount (COP)',
		name: 'amount',
		type: 'number',
		required: true,
		default: 0,
		typeOptions: { minValue: 0 },
		description,
		hint,
	};
}

/** The unit and precision of an amount, said under the field. */
const CENTS = 'Colombian pesos, at most two decimals (cents): more is refused, never rounded';
export const WHOLE_PESOS = 'Whole Colombian pesos: a fraction is refused, never rounded';

/** "Return All" and "Limit", as n8n's list operations have them. */
export const returnAllProperties: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		default: 50,
		typeOptions: { minValue: 1 },
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/** How many results a list operation returns: all, or the limit (a whole number, 1 or more). */
export function readListLimit(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
): number {
	const { node } = env;
	if (
		readYesNo(
			node,
			itemIndex,
			'Return All',
			readParameter(context, env, 'returnAll', itemIndex, false),
		)
	)
		return Infinity;
	return readWholeNumber(
		node,
		itemIndex,
		'Limit',
		readParameter(context, env, 'limit', itemIndex, 50),
		1,
	);
}

/** The "Options" collection of an operation. */
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options,
	};
}
