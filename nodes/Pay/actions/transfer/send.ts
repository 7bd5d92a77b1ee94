import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readPositiveAmount } from '../../helpers/amount';
import { readRequiredText } from '../../helpers/fieldInput';
import { amountProperty, optionsCollection } from '../sharedFields';
import type { OperationEnvironment, PayOperation } from '../types';

export const sendTransfer: PayOperation = {
	value: 'send',
	name: 'Send',
	description: 'Send balance from this account to another user (moves money; never sent twice)',
	action: 'Send balance to a user',
	properties: [
		{
			displayName: 'Recipient',
			name: 'recipient',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. friend or 3109876543',
			description: "The recipient's username or mobile number (the service's documentation shows both)",
		},
		amountProperty("Amount to send, taken from this account's available balance. The sender's email and phone must be verified."),
		optionsCollection([
			{
				displayName: 'Recipient Field Name',
				name: 'recipientField',
				type: 'options',
				// Field names are case-sensitive: each description shows the exact name sent (labels are title case, as n8n's lint requires).
				options: [
					{ name: 'Alias with Underscore', value: 'to_user', description: 'Sends "to_user"' },
					{ name: 'toUser (Documented)', value: 'toUser', description: 'Sends "toUser", as the documentation names it' },
				],
				default: 'toUser',
				description: 'The name the recipient is sent under. The documentation shows both; change it only if the service refuses toUser.',
			},
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const recipient = readRequiredText(node, itemIndex, 'Recipient', this.getNodeParameter('recipient', itemIndex, ''), 'give a username or a mobile number');
		const amount = readPositiveAmount(node, itemIndex, 'Amount (COP)', this.getNodeParameter('amount', itemIndex));
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const recipientField = options.recipientField === 'to_user' ? 'to_user' : 'toUser';
		const answer = await env.request({
			method: 'POST',
			path: '/send/',
			body: { [recipientField]: recipient, amount },
			safety: 'once',
			action: `the transfer of ${amount} COP to ${recipient}`,
			howToCheck: `Run Transfer → List (filter by recipient "${recipient}") and look for ${amount} COP before sending again.`,
			itemIndex,
		});
		return { sent: true, to_user: recipient, amount, response: (answer ?? {}) as IDataObject };
	},
};
