/** The fields of a withdrawal: how much, to which key, whose it is, which account type. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { readWholeAmount } from '../../helpers/amount';
import { readRequiredText, readWholeNumber } from '../../helpers/fieldInput';
import { readInstantPaymentKey } from '../../helpers/instantPaymentKey';
import { amountProperty, WHOLE_PESOS } from '../sharedFields';
import type { OperationEnvironment } from '../types';

/** Account types from public documentation (unconfirmed); any other code can be given. */
const ACCOUNT_TYPES = [
	{ name: 'Checking (1)', value: '1' },
	{ name: 'Custom Code', value: 'custom', description: 'Give the numeric code yourself' },
	{
		name: 'Instant-Payment Key (8)',
		value: '8',
		description: 'The code seen in an instant-payment example',
	},
	{ name: 'Savings (0)', value: '0' },
];

export const withdrawalAmountProperty = amountProperty(
	"Amount to withdraw, taken from the account's available balance",
	WHOLE_PESOS,
);

export const keyProperty: INodeProperties = {
	displayName: 'Key',
	name: 'keyValue',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 3001234567 or @my.alias',
	description: 'The destination: a Colombian mobile number or an alias that starts with @',
};

export const holderProperty: INodeProperties = {
	displayName: 'Account Holder Name',
	name: 'accountHolderName',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. Ana Gómez',
	description: 'Who owns the destination key or account, as their bank has the name',
};

/** Amount, Key, Account Holder Name and the account type, in the order the editor shows them. */
export const withdrawalProperties: INodeProperties[] = [
	withdrawalAmountProperty,
	keyProperty,
	holderProperty,
	{
		displayName: 'Account Type',
		name: 'accountType',
		type: 'options',
		options: ACCOUNT_TYPES,
		default: '8',
		description:
			'Destination type code. Only 0 and 1 are documented; instant-payment examples send 8.',
	},
	{
		displayName: 'Account Type Code',
		name: 'accountTypeCode',
		type: 'number',
		default: 0,
		typeOptions: { minValue: 0, numberPrecision: 0 },
		displayOptions: { show: { accountType: ['custom'] } },
		description:
			'The whole number sent as account_type. The default, 0, means Savings; 1 is Checking and 8 the instant-payment code seen in examples.',
	},
];

export interface WithdrawalDestination {
	amount: number;
	keyValue: string;
	holder: string;
	accountType: number;
}

/** How much goes where, each field checked and named as the editor names it. */
export function readDestination(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
): WithdrawalDestination {
	const { node } = env;
	const read = (name: string, fallback?: string | number) =>
		readParameter(context, env, name, itemIndex, fallback);
	const amount = readWholeAmount(
		node,
		itemIndex,
		withdrawalAmountProperty.displayName,
		read(withdrawalAmountProperty.name),
	);
	const keyValue = readInstantPaymentKey(
		node,
		itemIndex,
		keyProperty.displayName,
		read(keyProperty.name),
	);
	const holder = readRequiredText(
		node,
		itemIndex,
		holderProperty.displayName,
		read(holderProperty.name, ''),
	);
	const typeChoice = read('accountType', '8');
	const accountType =
		typeChoice === 'custom'
			? readWholeNumber(node, itemIndex, 'Account Type Code', read('accountTypeCode', 0), 0)
			: readWholeNumber(node, itemIndex, 'Account Type', typeChoice, 0);
	return { amount, keyValue, holder, accountType };
}
