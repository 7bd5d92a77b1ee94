import type { IExecuteFunctions } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { readRequiredText } from '../../helpers/fieldInput';
import { readSlug, slugProperties } from '../../helpers/slug';
import { paysALink } from '../moneyFields';
import { qrCodeProperties, readQrCodeAsked, withQrCode } from '../qrCodeImage';
import type { OperationEnvironment, PayOperation } from '../types';
import { CHECKOUT_IDENTITY, checkoutOutput, submitCheckout } from './checkoutSubmission';
import { simpleCheckout } from './simpleCheckout';

export const payWithBreb: PayOperation = {
	value: 'payWithBreb',
	name: 'Pay with Bre-B',
	description: 'Get an instant-payment QR payload and key for a payment object',
	action: 'Pay with Bre-B instant payment',
	referenceIdentity: CHECKOUT_IDENTITY,
	simplify: simpleCheckout,
	money: paysALink,
	properties: [
		...slugProperties,
		{
			displayName: 'Method Key',
			name: 'methodKey',
			type: 'options',
			// Keys are case-sensitive: each description shows the exact key sent (labels are title case,
			// as n8n's lint requires).
			options: [
				{
					name: 'Bre-B (Alternative Spelling)',
					value: 'Bre-B',
					description: 'Sends "Bre-B", as some accounts write it',
				},
				{
					name: 'Breb in Lowercase (Documented)',
					value: 'breb',
					description: 'Sends "breb", as the documentation writes it',
				},
			],
			default: 'breb',
			description: 'How the service names the instant-payment method on this account',
		},
		...qrCodeProperties('the instant-payment QR payload (qr_value)'),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const slug = readSlug(env.node, itemIndex, readParameter(this, env, 'slug', itemIndex));
		const method = readRequiredText(
			env.node,
			itemIndex,
			'Method Key',
			readParameter(this, env, 'methodKey', itemIndex, 'breb'),
		);
		const qrCode = readQrCodeAsked(this, env, itemIndex);
		const answer = await submitCheckout(this, env, itemIndex, slug, { payment: method });
		const output = checkoutOutput(slug, method, answer, {
			qr_value: answer.order.qr_value ?? null,
			key_value: answer.order.key_value ?? null,
		});
		return await withQrCode(this, qrCode, output, 'qr_value', slug);
	},
};
