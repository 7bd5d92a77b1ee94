import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { feesAboveAmount } from '../../../shared/service/feesAboveAmount';
import { answerFields, toNumber } from '../../../shared/service/normalize';
import { readParameter } from '../../execution/readParameter';
import { readPositiveAmount } from '../../helpers/amount';
import { readYesNo } from '../../helpers/fieldInput';
import { amountProperty, optionsCollection } from '../sharedFields';
import type { OperationEnvironment, PayOperation } from '../types';
import { clientAssumeCostsProperty } from './fields';

export const estimateFees: PayOperation = {
	value: 'estimateFees',
	name: 'Estimate Fees',
	description:
		'Estimate the fees and the net amount received for an amount, before creating a payment',
	action: 'Estimate fees for an amount',
	safeToRunTogether: true,
	properties: [
		amountProperty('Amount the payer would pay, in Colombian pesos'),
		optionsCollection([clientAssumeCostsProperty]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const amount = readPositiveAmount(
			env.node,
			itemIndex,
			'Amount (COP)',
			readParameter(this, env, 'amount', itemIndex),
		);
		const options = readParameter(this, env, 'options', itemIndex, {}) as IDataObject;
		// The spec's sample sends the amount as a string.
		const body: IDataObject = { amount: String(amount) };
		// As Create sends it, a JSON boolean, and only when chosen (docs/SERVICE.md, "Estimate fees").
		if (options.clientAssumeCosts !== undefined)
			body.client_assume_costs = readYesNo(
				env.node,
				itemIndex,
				clientAssumeCostsProperty.displayName,
				options.clientAssumeCosts,
			);
		const answer = answerFields(
			await env.request({
				method: 'POST',
				path: '/pay/estimate/',
				body,
				safety: 'read',
				action: 'the fee estimate',
				itemIndex,
			}),
		);
		const figures = {
			amount: toNumber(answer.pay_amount),
			fee: toNumber(answer.pay_fee),
			iva: toNumber(answer.iva),
			net: toNumber(answer.pay_payed_amount),
		};
		return {
			...answer,
			amount: figures.amount,
			fee: figures.fee,
			iva: figures.iva,
			net_amount: figures.net,
			// Said before creation: the link would be made and booked without a word.
			...feesAboveAmount({ ...figures, amount }, true),
		};
	},
};
