import type { IExecuteFunctions } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { readPositiveAmount } from '../../helpers/amount';
import { answerFields, toNumber } from '../../../shared/service/normalize';
import type { OperationEnvironment, PayOperation } from '../types';
import { amountProperty } from '../sharedFields';

export const estimateFees: PayOperation = {
	value: 'estimateFees',
	name: 'Estimate Fees',
	description:
		'Estimate the fees and the net amount received for an amount, before creating a payment',
	action: 'Estimate fees for an amount',
	safeToRunTogether: true,
	properties: [amountProperty('Amount the payer would pay, in Colombian pesos')],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const amount = readPositiveAmount(
			env.node,
			itemIndex,
			'Amount (COP)',
			readParameter(this, env, 'amount', itemIndex),
		);
		const answer = answerFields(
			await env.request({
				method: 'POST',
				path: '/pay/estimate/',
				// The spec's sample sends the amount as a string.
				body: { amount: String(amount) },
				safety: 'read',
				action: 'the fee estimate',
				itemIndex,
			}),
		);
		return {
			...answer,
			amount: toNumber(answer.pay_amount),
			fee: toNumber(answer.pay_fee),
			iva: toNumber(answer.iva),
			net_amount: toNumber(answer.pay_payed_amount),
		};
	},
};
