/**
 * Fields that Create and Update share, defined once so both show and read them the same way:
 * Update offers them as Update Fields, not required, and otherwise as Create has them.
 */
import type { INode, INodeProperties } from 'n8n-workflow';

import { withCallbackSecret } from '../../../shared/service/callbackSecret';
import { readRequiredUrlField, readUrlField } from '../../helpers/urlField';
import { readCallbackSecret } from '../../helpers/credentialSettings';
import { readYesNo } from '../../helpers/fieldInput';
import { inputError } from '../../helpers/inputError';
import { PAYMENT_METHOD_CHOICES } from '../../../shared/service/paymentMethods';
import { amountProperty } from '../sharedFields';
import { onceForTheRun } from '../../execution/onceForTheRun';
import type { OperationEnvironment } from '../types';

export const paymentAmountProperty = amountProperty('Amount to charge, in Colombian pesos');

export const descriptionProperty: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. Invoice INV-1001',
	description: 'What the payer pays for; shown on the payment page',
};

export const payerRedirectUrlProperty: INodeProperties = {
	displayName: 'Payer Redirect URL',
	name: 'payerRedirectUrl',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'https://shop.example/thanks',
	description: 'Where the payer lands after paying. The service asks that it always be included.',
};

/** Payer Redirect URL as Create and Update send it: never empty, since the service asks that it always be included. */
export function readPayerRedirectUrl(node: INode, itemIndex: number, raw: unknown): string {
	return readRequiredUrlField(
		node,
		itemIndex,
		'Payer Redirect URL',
		raw,
		'give the page the payer lands on after paying (the service asks that it always be included)',
	);
}

export const callbackUrlProperty: INodeProperties = {
	displayName: 'Callback URL',
	name: 'callbackUrl',
	type: 'string',
	default: '',
	placeholder: 'Production URL of a Pay Trigger',
	description:
		"Where the service notifies the payment (recommended): paste the Production URL of a Pay Trigger node. The credential's Callback Secret is added for you.",
};

export const expirationDaysProperty: INodeProperties = {
	displayName: 'Expiration (Days)',
	name: 'expirationDays',
	type: 'number',
	default: 1,
	typeOptions: { minValue: 1, numberPrecision: 0 },
	description: 'Days the payment link stays payable',
};

export const clientAssumeCostsProperty: INodeProperties = {
	displayName: 'Client Assumes Costs',
	name: 'clientAssumeCosts',
	type: 'boolean',
	default: false,
	description:
		'Whether the payer pays the fees on top of the amount (otherwise they are taken from it)',
};

/** The platform the service calls back for (public-facts, second survey); what real clients send. */
export const PLATFORM_FOR_CALLBACKS = 'API';

export const platformProperty: INodeProperties = {
	displayName: 'Platform',
	name: 'platform',
	type: 'string',
	default: PLATFORM_FOR_CALLBACKS,
	placeholder: 'API',
	description:
		'The platform of origin the service stores. The service sends callbacks only for objects created with platform "API", so the Pay Trigger fires only for those: "API" is sent when this is empty or not added; another value means no callbacks.',
};

export const notSendEmailProperty: INodeProperties = {
	displayName: 'Send No Email',
	name: 'notSendEmail',
	type: 'boolean',
	default: false,
	description: 'Whether to stop the service from emailing the payment link',
};

export const paymentMethodsProperty: INodeProperties = {
	displayName: 'Payment Methods',
	name: 'paymentMethods',
	type: 'multiOptions',
	options: PAYMENT_METHOD_CHOICES.map((choice) => ({
		name: choice.name,
		value: choice.key,
		description: choice.description,
	})),
	default: ['pse', 'daviplata', 'NEQUI'],
	description:
		'Methods the payer may use. The node sends them as the JSON text the service requires.',
};

export const otherMethodKeysProperty: INodeProperties = {
	displayName: 'Other Method Keys',
	name: 'otherMethodKeys',
	type: 'string',
	default: '',
	placeholder: 'e.g. Bre-B, efecty',
	description:
		'Method keys not in the list, comma-separated, sent exactly as written (keys are case-sensitive)',
};

export const additionalJsonProperty: INodeProperties = {
	displayName: 'Additional Fields (JSON)',
	name: 'additionalFields',
	type: 'json',
	default: '{}',
	description:
		'Raw fields sent as they are, for fields the documentation leaves open. Fields set above take precedence.',
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
	const addSecret =
		rawAddSecret === undefined ||
		readYesNo(env.node, itemIndex, 'Add Callback Secret', rawAddSecret);
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
	// The same for every item of the run when the URL is fixed: URL parsing is per item otherwise.
	return await onceForTheRun(env, `callback-with-secret\u0000${callback}`, () =>
		withCallbackSecret(callback, secret),
	);
}
