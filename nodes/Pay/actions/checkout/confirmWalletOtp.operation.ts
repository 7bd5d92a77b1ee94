import type { IExecuteFunctions } from 'n8n-workflow';

import { answerFields } from '../../../shared/service/normalize';
import { firstSendOf, readReferenceAndSource } from '../../execution/derivedReference';
import { readParameter } from '../../execution/readParameter';
import { readText } from '../../helpers/fieldInput';
import { inputError } from '../../helpers/inputError';
import { readSlug, slugProperties } from '../../helpers/slug';
import { paysALink } from '../moneyFields';
import type { OperationEnvironment, PayOperation } from '../types';
import { paymentObjectShows } from '../paymentObjectCheck';

/** Part of every derived Reference of an OTP confirmation: never change it. */
const OTP_IDENTITY = 'otp';

export const confirmWalletOtp: PayOperation = {
	value: 'confirmWalletOtp',
	name: 'Confirm Wallet OTP',
	description: 'Confirm a Daviplata payment with the one-time password the payer received',
	action: 'Confirm a wallet payment with an OTP',
	referenceIdentity: OTP_IDENTITY,
	money: paysALink,
	properties: [
		...slugProperties,
		{
			displayName: 'OTP',
			name: 'otp',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'The one-time password the payer received on their phone',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const slug = readSlug(node, itemIndex, readParameter(this, env, 'slug', itemIndex));
		const otp = readText(node, itemIndex, 'OTP', readParameter(this, env, 'otp', itemIndex, ''));
		if (!/^\d{4,8}$/.test(otp))
			throw inputError(node, itemIndex, 'OTP', 'must be the 4 to 8 digits the payer received');
		// The OTP stays out of the reference, which is shown.
		const { reference, derived } = await readReferenceAndSource(
			this,
			itemIndex,
			env,
			OTP_IDENTITY,
			[slug],
		);
		const answer = answerFields(
			await env.request({
				method: 'POST',
				path: '/pay/confirm_daviplata/',
				// Upper-case field names, as the service wants them.
				body: { URL: slug, OTP: otp },
				safety: 'once',
				check: { ask: async (read) => await paymentObjectShows(read, slug) },
				action: `the OTP confirmation of ${slug}`,
				howToCheck: `Run Payment → Get for ${slug}: state_label "paid" means it went through. Do not confirm again before checking.`,
				itemIndex,
				reference,
				...firstSendOf(derived, 'an OTP confirmation'),
			}),
		);
		return { slug, confirmed: answer.result === 'OK', ...answer, reference };
	},
};
