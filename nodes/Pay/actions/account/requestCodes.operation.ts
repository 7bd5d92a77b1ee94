import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { readTextList, shownValue } from '../../helpers/fieldInput';
import { inputError } from '../../helpers/inputError';
import type { OperationEnvironment, PayOperation } from '../types';

export const requestVerificationCodes: PayOperation = {
	value: 'requestCodes',
	name: 'Request Verification Codes',
	description:
		"Send a verification code to the account's email, phone or both (needed before sending balance)",
	action: 'Request verification codes',
	properties: [
		{
			displayName: 'Send To',
			name: 'channels',
			type: 'multiOptions',
			// Nothing chosen always fails (readChannels), so the editor flags it before the run.
			required: true,
			options: [
				{ name: 'Email', value: 'email' },
				{ name: 'Phone', value: 'phone' },
			],
			default: ['email', 'phone'],
			description: 'Where the service sends a code',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const channels = readChannels(
			env.node,
			itemIndex,
			readParameter(this, env, 'channels', itemIndex, []),
		);
		const body = { email: channels.includes('email'), phone: channels.includes('phone') };
		const answer = await env.request({
			method: 'POST',
			path: '/request_confirmation/',
			body,
			safety: 'once',
			action: 'the request for verification codes',
			howToCheck: "Check the account's email and phone for a code before asking again.",
			itemIndex,
		});
		return { requested: channels, response: (answer ?? {}) as IDataObject };
	},
};

const CHANNELS = ['email', 'phone'];

/** The channels chosen in the editor, or mapped as a list or a text such as "email, phone". */
function readChannels(node: INode, itemIndex: number, raw: unknown): string[] {
	const channels = readTextList(node, itemIndex, 'Send To', raw).map((channel) =>
		channel.toLowerCase(),
	);
	const unknown = channels.find((channel) => !CHANNELS.includes(channel));
	if (unknown !== undefined)
		throw inputError(node, itemIndex, 'Send To', `${shownValue(unknown)} is not email or phone`);
	if (channels.length === 0)
		throw inputError(node, itemIndex, 'Send To', 'choose email, phone or both');
	return [...new Set(channels)];
}
