import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readJsonObject } from '../../helpers/jsonFields';
import { readSlug, slugProperty } from '../../helpers/slug';
import type { OperationEnvironment, PayOperation } from '../types';
import { readPhone } from './payerFields';
import { checkoutOutput, submitCheckout } from './submitCheckout';

export const payWithNequi: PayOperation = {
	value: 'payWithNequi',
	name: 'Pay with Nequi',
	description: 'Start a Nequi wallet payment (its request shape is not documented: extra fields can be added)',
	action: 'Pay with Nequi',
	properties: [
		slugProperty,
		{
			displayName: 'Payer Phone',
			name: 'payerPhone',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 3001234567',
			description: 'The Nequi account (mobile number) that pays',
		},
		{
			displayName: 'Additional Fields (JSON)',
			name: 'additionalFields',
			type: 'json',
			default: '{}',
			description: 'Other fields to send, as the service expects them for Nequi (e.g. {"name": "Ana", "cc": "1020304050"})',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const slug = readSlug(node, itemIndex, this.getNodeParameter('slug', itemIndex));
		const phone = readPhone(node, itemIndex, this.getNodeParameter('payerPhone', itemIndex, ''));
		const extra = readJsonObject(node, itemIndex, 'Additional Fields (JSON)', this.getNodeParameter('additionalFields', itemIndex, '{}'));
		const body: IDataObject = { ...extra, phone, payment: 'NEQUI' };
		return checkoutOutput(slug, 'NEQUI', await submitCheckout(this, env, itemIndex, slug, body));
	},
};
