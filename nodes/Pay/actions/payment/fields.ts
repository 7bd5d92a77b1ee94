/** Fields that Create and Update share, so both read the same way. */
import type { INodeProperties } from 'n8n-workflow';

import { readUrlField, withCallbackSecret } from '../../helpers/callbackUrl';
import { readCallbackSecret } from '../../helpers/credentialSettings';
import { readYesNo } from '../../helpers/fieldInput';
import { inputError } from '../../helpers/inputError';
import { PAYMENT_METHOD_CHOICES } from '../../helpers/paymentMethods';
import type { OperationEnvironment } from '../types';

export const paymentMethodsProperty: INodeProperties = {
	displayName: 'Payment Methods',
	name: 'paymentMethods',
	type: 'multiOptions',
	options: PAYMENT_METHOD_CHOICES.map((choice) => ({ name: choice.name, value: choice.key, description: choice.description })),
	default: ['pse', 'daviplata', 'NEQUI'],
	description: 'Methods the payer may use. The node sends them as the JSON text the service requires.',
};

export const otherMethodKeysProperty: INodeProperties = {
	displayName: 'Other Method Keys',
	name: 'otherMethodKeys',
	type: 'string',
	default: '',
	placeholder: 'e.g. Bre-B, efecty',
	description: 'Method keys not in the list, comma-separated, sent exactly as written (keys are case-sensitive)',
};

export const additionalJsonProperty: INodeProperties = {
	displayName: 'Additional Fields (JSON)',
	name: 'additionalFields',
	type: 'json',
	default: '{}',
	description: 'Raw fields sent as they are, for fields the documentation leaves open. Fields set above take precedence.',
};

export const addCallbackSecretProperty: INodeProperties = {
	displayName: 'Add Callback Secret',
	name: 'addCallbackSecret',
	type: 'boolean',
	default: true,
	description:
		"Whether to add the credential's callback secret to the callback URL (as the token query parameter), so the Pay Trigger can tell genuine callbacks from forged ones",
};

/**
 * The Callback URL to send (Withdraw uses it too): checked, with the callback secret added unless
 * "Add Callback Secret" is off. `toggleIn` names where that switch is (Options, or Update Fields).
 */
export async function readCallbackField(
	env: OperationEnvironment,
	itemIndex: number,
	rawUrl: unknown,
	rawAddSecret: unknown,
	toggleIn = 'Options',
): Promise<string> {
	const callback = readUrlField(env.node, itemIndex, 'Callback URL', rawUrl);
	const addSecret = rawAddSecret === undefined || readYesNo(env.node, itemIndex, 'Add Callback Secret', rawAddSecret);
	if (!callback || !addSecret) return callback;
	const secret = await readCallbackSecret(env, itemIndex);
	// Sent without it, every callback would be refused (401) by the Pay Trigger, and nobody would see why.
	if (secret === undefined) {
		throw inputError(
			env.node,
			itemIndex,
			'Callback URL',
			`the credential has no Callback Secret to add, and the Pay Trigger refuses callbacks without one. Set a Callback Secret in the credential, or turn off ${toggleIn} → Add Callback Secret`,
		);
	}
	return withCallbackSecret(callback, secret);
}
