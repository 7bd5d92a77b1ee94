import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { readText } from '../../helpers/fieldInput';
import { answerFields, toNumber } from '../../../shared/service/normalize';
import { withdrawalStateLabel } from '../../../shared/service/states';
import {
	addCallbackSecretProperty,
	callbackUrlProperty,
	readCallbackField,
} from '../payment/callbackField';
import { guardedField } from '../moneyFields';
import { optionsCollection } from '../sharedFields';
import { firstSendOf, readReferenceAndSource } from '../../execution/derivedReference';
import type { OperationEnvironment, PayOperation } from '../types';
import {
	holderProperty,
	keyProperty,
	readDestination,
	withdrawalAmountProperty,
	withdrawalProperties,
} from './fields';

/** The answer's fields kept with the "sent" mark (`PayRequest.keep`): only ever appended to. */
const WITHDRAWAL_FACTS_KEPT = ['id', 'state'];

/** Part of every derived Reference of a withdrawal: never change it (`referenceIdentity`). */
const WITHDRAWAL_IDENTITY = 'withdrawal';

export const withdrawToKey: PayOperation = {
	value: 'withdraw',
	name: 'Withdraw to Instant-Payment Key',
	description:
		'Withdraw balance to a Bre-B key (mobile number or @alias), in whole COP (moves money; never sent twice)',
	action: 'Withdraw to an instant-payment key',
	referenceIdentity: WITHDRAWAL_IDENTITY,
	money: {
		amountFrom: { field: guardedField(withdrawalAmountProperty) },
		recipientFields: [guardedField(keyProperty), guardedField(holderProperty)],
		recipientNoun: 'Key',
		recipientExamples: '3001234567, @my.alias',
	},
	properties: [
		...withdrawalProperties,
		{
			...callbackUrlProperty,
			description:
				'Where the service reports status changes of the withdrawal (recommended): paste the Production URL of a Pay Trigger node',
		},
		optionsCollection([
			addCallbackSecretProperty,
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				description: 'A reference for the withdrawal',
			},
			{
				displayName: 'Idempotency Key',
				name: 'idempotencyKey',
				type: 'string',
				default: '',
				placeholder: 'e.g. PAYOUT-1001',
				description:
					'The key the service refuses to see twice, so that even two workers at the same instant cannot withdraw twice. Empty: the Reference is sent as the key.',
			},
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const options = readParameter(this, env, 'options', itemIndex, {}) as IDataObject;
		const callback = await readCallbackField(
			env,
			itemIndex,
			readParameter(this, env, 'callbackUrl', itemIndex, ''),
			options.addCallbackSecret,
		);
		return await sendWithdrawal(this, itemIndex, env, callback);
	},
};

/**
 * Sends one withdrawal whose status callbacks go to `callback` (Withdraw's field, or the resume URL
 * of Withdraw and Wait for Final Status; empty: none). Never twice: Reference and idempotency key.
 */
export async function sendWithdrawal(
	context: IExecuteFunctions,
	itemIndex: number,
	env: OperationEnvironment,
	callback: string,
): Promise<IDataObject> {
	const { node } = env;
	const { amount, keyValue, holder, accountType } = readDestination(context, env, itemIndex);
	const options = readParameter(context, env, 'options', itemIndex, {}) as IDataObject;
	const { reference, derived } = await readReferenceAndSource(
		context,
		itemIndex,
		env,
		WITHDRAWAL_IDENTITY,
		[keyValue, amount, accountType, holder],
	);
	// The service is the arbiter where it takes a key: two workers at once cannot both withdraw.
	const idempotencyKey =
		readText(node, itemIndex, 'Idempotency Key', options.idempotencyKey) || reference;

	const body: IDataObject = {
		amount,
		account_holder_name: holder,
		account_type: accountType,
		key_value: keyValue,
		idempotency_key: idempotencyKey,
	};
	if (callback) body.callback = callback;
	const description = readText(node, itemIndex, 'Description', options.description);
	if (description) body.description = description;
	const answer = answerFields(
		await env.request({
			method: 'POST',
			path: '/withdraw/co/',
			body,
			safety: 'once',
			action: `the withdrawal of ${amount} COP to ${keyValue}`,
			howToCheck: `The API has no list of instant-payment withdrawals, so the node cannot ask the service and the outcome stays unknown: check the account balance or the withdrawal callbacks (Pay Trigger) for ${amount} COP to ${keyValue} before withdrawing again.`,
			itemIndex,
			reference,
			...firstSendOf(derived, 'a withdrawal'),
			// A repeat of this Reference says which withdrawal the first send made.
			keep: WITHDRAWAL_FACTS_KEPT,
		}),
	);
	const result: IDataObject = {
		...answer,
		amount: toNumber(answer.amount) ?? amount,
		key_value: answer.key_value ?? keyValue,
	};
	if ('state' in answer) result.state_label = withdrawalStateLabel(answer.state);
	result.idempotency_key = idempotencyKey;
	result.reference = reference;
	return result;
}
