import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { readVerificationCode } from '../../helpers/verificationCode';
import type { OperationEnvironment, PayOperation } from '../types';

/** Verify Email and Verify Phone differ only in their channel. */
export function verifyOperation(channel: 'email' | 'phone'): PayOperation {
	const label = channel === 'email' ? 'Email' : 'Phone';
	return {
		value: channel === 'email' ? 'verifyEmail' : 'verifyPhone',
		name: `Verify ${label}`,
		description: `Confirm the account's ${channel} with the code it received`,
		action: `Verify the account ${channel}`,
		properties: [
			{
				displayName: 'Code',
				name: 'code',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. 482913',
				description: `The code received by ${channel}`,
			},
		],
		async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
			const code = readVerificationCode(
				env.node,
				itemIndex,
				'Code',
				readParameter(this, env, 'code', itemIndex),
			);
			const answer = await env.request({
				method: 'POST',
				path: `/verify_${channel}/`,
				body: { code },
				safety: 'once',
				action: `the ${channel} verification`,
				itemIndex,
			});
			return { verified: true, channel, response: (answer ?? {}) as IDataObject };
		},
	};
}
