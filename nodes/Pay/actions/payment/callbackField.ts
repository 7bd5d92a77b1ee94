/**
 * The Callback URL (Create, Update, and Withdraw's) and the callback secret added to it, so every
 * operation that sends one shows and reads it the same way.
 */
import type { INode, INodeProperties } from 'n8n-workflow';

import { withCallbackSecret } from '../../../shared/service/callbackSecret';
import { readRequiredUrlField, readUrlField } from '../../helpers/urlField';
import { readCallbackSecret } from '../../helpers/credentialSettings';
import { readYesNo } from '../../helpers/fieldInput';
import { inputError } from '../../helpers/inputError';
import { onceForTheRun } from '../../execution/readParameter';
import type { OperationEnvironment } from '../types';

export const callbackUrlProperty: INodeProperties = {
	displayName: 'Callback URL',
	name: 'callbackUrl',
	type: 'string',
	default: '',
	placeholder: 'Production URL of a Pay Trigger',
	description:
		"Where the service notifies the payment: paste the Production URL of a Pay Trigger node. The credential's Callback Secret is added for you.",
};

/**
 * What to put in Create's Callback URL without a Pay Trigger: under the field, and in the error of
 * an empty one.
 */
const WITHOUT_PAY_TRIGGER =
	"No Pay Trigger? Any URL of yours (your site's address), with Options → Add Callback Secret off: the link works the same, only no callback reaches n8n.";

/**
 * Create's Callback URL. Not `required` in n8n's sense: an older workflow with it empty would then
 * not run at all ("has issues"); instead the item fails, naming the field, before anything is sent.
 */
export const creationCallbackUrlProperty: INodeProperties = {
	...callbackUrlProperty,
	hint: `Needed: the service refuses a payment link without one. ${WITHOUT_PAY_TRIGGER}`,
};

/**
 * Create's Callback URL before the secret is added: never empty, or the service refuses the
 * creation.
 */
export function readCreationCallbackUrl(node: INode, itemIndex: number, raw: unknown): string {
	return readRequiredUrlField(
		node,
		itemIndex,
		'Callback URL',
		raw,
		`the service refuses a payment link without one. Paste a Pay Trigger's Production URL. ${WITHOUT_PAY_TRIGGER}`,
	);
}

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
	const addSecret =
		rawAddSecret === undefined ||
		readYesNo(env.node, itemIndex, 'Add Callback Secret', rawAddSecret);
	if (!callback || !addSecret) return callback;
	const secret = await readCallbackSecret(env, itemIndex);
	// Sent without it, every callback would be refused (401) by the Pay Trigger, and nobody would see
	// why.
	if (secret === undefined) {
		throw inputError(
			env.node,
			itemIndex,
			'Callback URL',
			`the credential has no Callback Secret to add, and the Pay Trigger refuses callbacks without one. Set a Callback Secret in the credential, or turn off ${toggleIn} → Add Callback Secret`,
		);
	}
	// The same for every item of the run when the URL is fixed: URL parsing is per item otherwise.
	return await onceForTheRun(env, `callback-with-secret\u0000${callback}`, () =>
		withCallbackSecret(callback, secret),
	);
}
