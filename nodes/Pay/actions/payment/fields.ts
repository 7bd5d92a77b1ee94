/**
 * Fields that Create and Update share, defined once so both show and read them the same way:
 * Update offers them as Update Fields, not required, and otherwise as Create has them.
 */
import type { INode, INodeProperties } from 'n8n-workflow';

import { readRequiredUrlField } from '../../helpers/urlField';
import { PAYMENT_METHOD_CHOICES } from '../../../shared/service/paymentMethods';
import { amountProperty } from '../sharedFields';

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

/**
 * Payer Redirect URL as Create and Update send it: never empty, since the service asks that it
 * always be included.
 */
export function readPayerRedirectUrl(node: INode, itemIndex: number, raw: unknown): string {
	return readRequiredUrlField(
		node,
		itemIndex,
		'Payer Redirect URL',
		raw,
		'give the page the payer lands on after paying (the service asks that it always be included)',
	);
}

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

/**
 * The platform the service calls back for, as real clients send it (docs/SERVICE.md, "Create a
 * payment object").
 */
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
