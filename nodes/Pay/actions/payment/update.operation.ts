import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { normalizePaymentObject } from '../../../shared/service/paymentObject';
import { readParameter } from '../../execution/readParameter';
import { readPositiveAmount } from '../../helpers/amount';
import { readPageBaseUrl } from '../../helpers/credentialSettings';
import { readRequiredText, readText, readWholeNumber, readYesNo } from '../../helpers/fieldInput';
import { inputError } from '../../helpers/inputError';
import { readJsonObject } from '../../helpers/jsonFields';
import { readSlug, slugProperties } from '../../helpers/slug';
import type { OperationEnvironment, PayOperation } from '../types';
import { addCallbackSecretProperty, callbackUrlProperty, readCallbackField } from './callbackField';
import {
	additionalJsonProperty,
	clientAssumeCostsProperty,
	descriptionProperty,
	expirationDaysProperty,
	notSendEmailProperty,
	otherMethodKeysProperty,
	payerRedirectUrlProperty,
	paymentAmountProperty,
	paymentMethodsProperty,
	platformProperty,
	readPayerRedirectUrl,
} from './fields';
import { readMethodSelection } from './methodSelection';
import { simplePayment } from './simplePayment';

/**
 * Create's field as an Update Field: the same texts and checks, not required (only the fields
 * added are changed).
 */
function asUpdateField(
	property: INodeProperties,
	defaultValue = property.default,
): INodeProperties {
	const field: INodeProperties = { ...property, default: defaultValue };
	delete field.required;
	return field;
}

export const updatePayment: PayOperation = {
	value: 'update',
	name: 'Update',
	description: 'Change fields of an unpaid payment object',
	action: 'Update a payment object',
	simplify: simplePayment,
	properties: [
		...slugProperties,
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				addCallbackSecretProperty,
				additionalJsonProperty,
				asUpdateField(paymentAmountProperty),
				asUpdateField(callbackUrlProperty),
				clientAssumeCostsProperty,
				asUpdateField(descriptionProperty),
				asUpdateField(expirationDaysProperty),
				otherMethodKeysProperty,
				asUpdateField(payerRedirectUrlProperty),
				asUpdateField(paymentMethodsProperty, []),
				platformProperty,
				notSendEmailProperty,
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const slug = readSlug(node, itemIndex, readParameter(this, env, 'slug', itemIndex));
		const fields = readParameter(this, env, 'updateFields', itemIndex, {}) as IDataObject;
		const changes = await readChanges(env, itemIndex, fields);
		const changed = Object.keys(changes);
		if (changed.length === 0)
			throw inputError(node, itemIndex, 'Update Fields', 'add at least one field to change');

		// Setting the same values twice does no harm, so a lost answer may be retried.
		await env.request({
			method: 'POST',
			path: '/edit_pay/',
			body: { ...changes, url: slug },
			safety: 'idempotent',
			action: `the update of the payment object ${slug}`,
			itemIndex,
		});
		// The service answers {}: read the object back so the next node sees what it now is.
		const current = await env.request({
			method: 'GET',
			path: `/pay_detail/${encodeURIComponent(slug)}`,
			safety: 'read',
			action: `reading the updated payment object ${slug}`,
			itemIndex,
		});
		return {
			...normalizePaymentObject(current, await readPageBaseUrl(env, itemIndex)),
			updated_fields: changed,
		};
	},
};

/** The changes the Update Fields ask for, as the service names them, each checked. */
async function readChanges(
	env: OperationEnvironment,
	itemIndex: number,
	fields: IDataObject,
): Promise<IDataObject> {
	const { node } = env;
	const changes: IDataObject = readJsonObject(
		node,
		itemIndex,
		'Additional Fields (JSON)',
		fields.additionalFields,
	);
	if (fields.amount !== undefined)
		changes.amount = readPositiveAmount(node, itemIndex, 'Amount (COP)', fields.amount);
	if (fields.description !== undefined) {
		changes.description = readRequiredText(node, itemIndex, 'Description', fields.description);
	}
	if (fields.expirationDays !== undefined) {
		changes.expiration_days = readWholeNumber(
			node,
			itemIndex,
			'Expiration (Days)',
			fields.expirationDays,
			1,
		);
	}
	if (fields.paymentMethods !== undefined || fields.otherMethodKeys !== undefined) {
		changes.payment_method_enabled = readMethodSelection(
			node,
			itemIndex,
			fields.paymentMethods,
			fields.otherMethodKeys,
		);
	}
	// Added, it must hold a URL: the service asks that the object always have one.
	if (fields.payerRedirectUrl !== undefined)
		changes.payer_redirect_url = readPayerRedirectUrl(node, itemIndex, fields.payerRedirectUrl);
	if (fields.callbackUrl !== undefined)
		changes.callback = await readCallbackField(
			env,
			itemIndex,
			fields.callbackUrl,
			fields.addCallbackSecret,
			'Update Fields',
		);
	if (fields.clientAssumeCosts !== undefined)
		changes.client_assume_costs = readYesNo(
			node,
			itemIndex,
			'Client Assumes Costs',
			fields.clientAssumeCosts,
		);
	if (fields.notSendEmail !== undefined)
		changes.not_send_email = readYesNo(node, itemIndex, 'Send No Email', fields.notSendEmail);
	if (fields.platform !== undefined)
		changes.platform = readText(node, itemIndex, 'Platform', fields.platform);
	return changes;
}
