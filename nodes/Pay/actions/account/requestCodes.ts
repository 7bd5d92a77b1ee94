import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { inputError } from '../../helpers/inputError';
import type { OperationEnvironment, PayOperation } from '../types';

export const requestVerificationCodes: PayOperation = {
	value: 'requestCodes',
	name: 'Request Verification Codes',
	description: 'Send a verification code to the account\'s email, phone or both (needed before sending balance)',
	action: 'Request verification codes',
	properties: [
		{
			displayName: 'Send To',
			name: 'channels',
			type: 'multiOptions',
			options: [
				{ name: 'Email', value: 'email' },
				{ name: 'Phone', value: 'phone' },
			],
			default: ['email', 'phone'],
			description: 'Where the service sends a code',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const channels = this.getNodeParameter('channels', itemIndex, []) as string[];
		if (channels.length === 0) throw inputError(env.node, itemIndex, 'Send To', 'choose email, phone or both');
		const body = { email: channels.includes('email'), phone: channels.includes('phone') };
		const answer = await env.request({
			method: 'POST',
			path: '/request_confirmation/',
			body,
			safety: 'once',
			action: 'the request for verification codes',
			howToCheck: 'Check the account\'s email and phone for a code before asking again.',
			itemIndex,
		});
		return { requested: channels, response: (answer ?? {}) as IDataObject };
	},
};
