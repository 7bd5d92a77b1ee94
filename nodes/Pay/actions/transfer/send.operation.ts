import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { firstSendOf, readReferenceAndSource } from '../../execution/derivedReference';
import { readParameter } from '../../execution/readParameter';
import { readPositiveAmount } from '../../helpers/amount';
import { isEmptyAnswer } from '../../helpers/emptyAnswer';
import { readRequiredText } from '../../helpers/fieldInput';
import { guardedField } from '../moneyFields';
import { amountProperty, optionsCollection } from '../sharedFields';
import type { OperationEnvironment, PayOperation } from '../types';
import { transferListShows } from './transferListCheck';

/** Part of every derived Reference of a transfer: never change it (`referenceIdentity`). */
const TRANSFER_IDENTITY = 'transfer';

const recipientProperty: INodeProperties = {
	displayName: 'Recipient Mobile Number or Username',
	name: 'recipient',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 3001234567',
	description:
		"The recipient's mobile number, as every real client of the service sends it. A username is accepted too (the spec mentions one).",
};

const transferAmountProperty = amountProperty(
	"Amount to send, taken from this account's available balance. The sender's email and phone must be verified.",
);

export const sendTransfer: PayOperation = {
	value: 'send',
	name: 'Send',
	description: 'Send balance from this account to another user (moves money; never sent twice)',
	action: 'Send balance to a user',
	referenceIdentity: TRANSFER_IDENTITY,
	money: {
		amountFrom: { field: guardedField(transferAmountProperty) },
		recipientFields: [guardedField(recipientProperty)],
		recipientNoun: 'Recipient',
		recipientExamples: '3001234567, 3109876543',
	},
	properties: [
		recipientProperty,
		transferAmountProperty,
		optionsCollection([
			{
				displayName: 'Recipient Field Name',
				name: 'recipientField',
				type: 'options',
				// Field names are case-sensitive: each description shows the exact name sent (labels are
				// title case, as n8n's lint requires).
				options: [
					{
						name: 'Camel Case Name (Older Documentation)',
						value: 'toUser',
						description: 'Sends "toUser", as the older documentation and the spec name it',
					},
					{
						name: 'Underscore Name (Newer Documentation)',
						value: 'to_user',
						description: 'Sends "to_user", the name the newer documentation prefers',
					},
				],
				default: 'to_user',
				description:
					'The name the recipient is sent under. The newer documentation says to prefer to_user, the older one and the spec show toUser; choose toUser only if the service refuses to_user.',
			},
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const recipient = readRequiredText(
			node,
			itemIndex,
			recipientProperty.displayName,
			readParameter(this, env, 'recipient', itemIndex, ''),
			'give a mobile number or a username',
		);
		const amount = readPositiveAmount(
			node,
			itemIndex,
			transferAmountProperty.displayName,
			readParameter(this, env, 'amount', itemIndex),
		);
		const options = readParameter(this, env, 'options', itemIndex, {}) as IDataObject;
		const recipientField = options.recipientField === 'toUser' ? 'toUser' : 'to_user';
		const { reference, derived } = await readReferenceAndSource(
			this,
			itemIndex,
			env,
			TRANSFER_IDENTITY,
			[recipient, amount],
		);
		const answer = await env.request({
			method: 'POST',
			path: '/send/',
			body: { [recipientField]: recipient, amount },
			safety: 'once',
			check: {
				ask: async (read, claimedAt) =>
					await transferListShows(read, claimedAt, { recipient, amount }),
			},
			action: `the transfer of ${amount} COP to ${recipient}`,
			howToCheck: `Run Transfer → Get Many (filter by recipient "${recipient}") and look for ${amount} COP before sending again.`,
			itemIndex,
			reference,
			// A derived Reference is made of them: a repeat of it sent these.
			...firstSendOf(derived, 'a transfer', { to_user: recipient, amount }),
		});
		// The service answers {}: what was sent says more.
		const output: IDataObject = { sent: true, to_user: recipient, amount, reference };
		if (!isEmptyAnswer(answer)) output.response = answer as IDataObject;
		return output;
	},
};
