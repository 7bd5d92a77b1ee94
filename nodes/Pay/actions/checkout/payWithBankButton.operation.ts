import type { IExecuteFunctions } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
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

/** The method key of Bancolombia's bank button (a transfer the payer approves in their bank). */
export const BANK_BUTTON_METHOD = 'bancolombia_transfer';

export const payWithBankButton: PayOperation = {
	value: 'payWithBankButton',
	name: 'Pay with Bank Button (Bancolombia)',
	description: 'Start a Bancolombia bank-button transfer and get the link to send the payer to',
	action: 'Pay with Bancolombia bank button',
	referenceIdentity: CHECKOUT_IDENTITY,
	simplify: simpleCheckout,
	money: paysALink,
	properties: [...slugProperties, ...payerProperties],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const slug = readSlug(env.node, itemIndex, readParameter(this, env, 'slug', itemIndex));
		const payer = readPayer(this, env, itemIndex);
		const answer = await submitCheckout(this, env, itemIndex, slug, {
			...payer,
			payment: BANK_BUTTON_METHOD,
		});
		return checkoutOutput(slug, BANK_BUTTON_METHOD, answer, {
			bank_redirect_url: findRedirectUrl(answer.order) ?? null,
		});
	},
};
