import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { readRequiredText, readText, shownValue } from '../../helpers/fieldInput';
import { inputError } from '../../helpers/inputError';
import { readSlug, slugProperties } from '../../helpers/slug';
import { paysALink } from '../moneyFields';
import type { OperationEnvironment, PayOperation } from '../types';
import { payerProperties, readPayer } from './payerFields';
import {
	CHECKOUT_IDENTITY,
	checkoutOutput,
	findRedirectUrl,
	submitCheckout,
} from './checkoutSubmission';
import { simpleCheckout } from './simpleCheckout';

const bankProperty: INodeProperties = {
	displayName: 'Bank',
	name: 'bank',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'list', value: '' },
	description: "The payer's bank, from the service's PSE catalog",
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchBanks', searchable: true },
		},
		{
			displayName: 'By Code',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 1007',
			hint: 'The bank_code from Checkout → List Banks',
		},
	],
};

export const payWithPse: PayOperation = {
	value: 'payWithPse',
	name: 'Pay with Bank Debit (PSE)',
	description:
		'Start a PSE bank debit for a payment object and get the bank URL to send the payer to',
	action: 'Pay with bank debit (PSE)',
	referenceIdentity: CHECKOUT_IDENTITY,
	simplify: simpleCheckout,
	money: paysALink,
	properties: [
		...slugProperties,
		...payerProperties,
		{
			displayName: 'Payer Address',
			name: 'payerAddress',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Calle 10 # 20-30, Bogotá',
			description: "The payer's address, which a PSE debit requires",
		},
		bankProperty,
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const slug = readSlug(node, itemIndex, readParameter(this, env, 'slug', itemIndex));
		const payer = readPayer(this, env, itemIndex);
		const address = readRequiredText(
			node,
			itemIndex,
			'Payer Address',
			readParameter(this, env, 'payerAddress', itemIndex, ''),
		);
		const bank = readText(
			node,
			itemIndex,
			'Bank',
			readParameter(this, env, 'bank', itemIndex, '', { extractValue: true }),
		);
		if (!/^\d+$/.test(bank) || /^0+$/.test(bank))
			throw inputError(
				node,
				itemIndex,
				'Bank',
				`${shownValue(bank)} is not a bank code; pick a bank from the list`,
			);
		const answer = await submitCheckout(this, env, itemIndex, slug, {
			...payer,
			payment: 'pse',
			bank,
			address,
		});
		return checkoutOutput(slug, 'pse', answer, {
			bank_redirect_url: findRedirectUrl(answer.order) ?? null,
		});
	},
};
