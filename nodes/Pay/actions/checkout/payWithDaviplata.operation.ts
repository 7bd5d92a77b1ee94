import type { IExecuteFunctions } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { readSlug, slugProperties } from '../../helpers/slug';
import { paysALink } from '../moneyFields';
import type { OperationEnvironment, PayOperation } from '../types';
import { payerProperties, readPayer } from './payerFields';
import { CHECKOUT_IDENTITY, checkoutOutput, submitCheckout } from './checkoutSubmission';
import { simpleCheckout } from './simpleCheckout';

export const payWithDaviplata: PayOperation = {
	value: 'payWithDaviplata',
	name: 'Pay with Daviplata',
	description:
		'Start a Daviplata wallet payment; the payer receives an OTP to confirm with "Confirm Wallet OTP"',
	action: 'Pay with Daviplata',
	referenceIdentity: CHECKOUT_IDENTITY,
	simplify: simpleCheckout,
	money: paysALink,
	properties: [...slugProperties, ...payerProperties],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const slug = readSlug(env.node, itemIndex, readParameter(this, env, 'slug', itemIndex));
		const answer = await submitCheckout(this, env, itemIndex, slug, {
			...readPayer(this, env, itemIndex),
			payment: 'daviplata',
		});
		return checkoutOutput(slug, 'daviplata', answer, {
			otp_sent: true,
			next_step:
				'Ask the payer for the OTP sent to their phone, then run Checkout → Confirm Wallet OTP',
		});
	},
};
