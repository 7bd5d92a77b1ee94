import type { IExecuteFunctions } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { answerFields } from '../../../shared/service/normalize';
import { readSlug, slugProperties } from '../../helpers/slug';
import type { OperationEnvironment, PayOperation } from '../types';

export const expirePayment: PayOperation = {
	value: 'expire',
	name: 'Expire or Cancel',
	description: 'Close an unpaid payment object so it can no longer be paid',
	action: 'Expire or cancel a payment object',
	properties: slugProperties,
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const slug = readSlug(env.node, itemIndex, readParameter(this, env, 'slug', itemIndex));
		const answer = answerFields(
			await env.request({
				method: 'POST',
				path: '/pay/update_to_expired/',
				body: { url: slug },
				safety: 'once',
				action: `expiring the payment object ${slug}`,
				howToCheck: `Run Payment → Get for ${slug}: state_label "expired" means it went through.`,
				itemIndex,
			}),
		);
		return { slug, expired: answer.result === 'OK', ...answer };
	},
};
