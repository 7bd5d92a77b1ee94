import type { IExecuteFunctions } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { readPageBaseUrl } from '../../helpers/credentialSettings';
import { normalizePaymentObject } from '../../../shared/service/paymentObject';
import { readSlug, slugProperties } from '../../helpers/slug';
import type { OperationEnvironment, PayOperation } from '../types';
import { simplePayment } from './simplePayment';

export const getPayment: PayOperation = {
	value: 'get',
	name: 'Get',
	description: 'Read a payment object: its state, amounts and payer',
	action: 'Get a payment object',
	safeToRunTogether: true,
	simplify: simplePayment,
	properties: slugProperties,
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const slug = readSlug(env.node, itemIndex, readParameter(this, env, 'slug', itemIndex));
		const answer = await env.request({
			method: 'GET',
			path: `/pay_detail/${encodeURIComponent(slug)}`,
			safety: 'read',
			action: `reading the payment object ${slug}`,
			itemIndex,
		});
		return normalizePaymentObject(answer, await readPageBaseUrl(env, itemIndex));
	},
};
