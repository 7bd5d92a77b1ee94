import type { IExecuteFunctions } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { readRequiredText } from '../../helpers/fieldInput';
import { readJsonObject } from '../../helpers/jsonFields';
import { readSlug, slugProperties } from '../../helpers/slug';
import { paysALink } from '../moneyFields';
import type { OperationEnvironment, PayOperation } from '../types';
import {
	CHECKOUT_IDENTITY,
	checkoutOutput,
	findRedirectUrl,
	submitCheckout,
} from './checkoutSubmission';
import { simpleCheckout } from './simpleCheckout';

export const payWithOtherMethod: PayOperation = {
	value: 'payWithOtherMethod',
	name: 'Pay with Another Method',
	description:
		'Submit a checkout for a method the other operations do not cover (QR, credit card, crypto, …)',
	action: 'Pay with another method',
	referenceIdentity: CHECKOUT_IDENTITY,
	simplify: simpleCheckout,
	money: paysALink,
	properties: [
		...slugProperties,
		{
			displayName: 'Method Key',
			name: 'methodKey',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. bancolombia_qr',
			description: 'Sent as the "payment" field, exactly as written',
		},
		{
			displayName: 'Fields (JSON)',
			name: 'fields',
			type: 'json',
			default: '{}',
			description: 'The other fields of the checkout, as the service expects them for this method',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const slug = readSlug(node, itemIndex, readParameter(this, env, 'slug', itemIndex));
		const method = readRequiredText(
			node,
			itemIndex,
			'Method Key',
			readParameter(this, env, 'methodKey', itemIndex, ''),
		);
		const fields = readJsonObject(
			node,
			itemIndex,
			'Fields (JSON)',
			readParameter(this, env, 'fields', itemIndex, '{}'),
		);
		const answer = await submitCheckout(this, env, itemIndex, slug, { ...fields, payment: method });
		return checkoutOutput(slug, method, answer, {
			redirect_url: findRedirectUrl(answer.order) ?? null,
		});
	},
};
