import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readPositiveAmount } from '../../helpers/amount';
import { readUrlField } from '../../helpers/callbackUrl';
import { readPageBaseUrl } from '../../helpers/credentialSettings';
import { readRequiredText, readText, readWholeNumber, readYesNo } from '../../helpers/fieldInput';
import { inputError } from '../../helpers/inputError';
import { readJsonObject } from '../../helpers/jsonFields';
import { normalizePaymentObject } from '../../helpers/paymentObject';
import { readSlug, slugProperty } from '../../helpers/slug';
import type { OperationEnvironment, PayOperation } from '../types';
import { addCallbackSecretProperty, additionalJsonProperty, otherMethodKeysProperty, paymentMethodsProperty, readCallbackField } from './fields';
import { readMethodSelection } from './methodSelection';

export const updatePayment: PayOperation = {
	value: 'update',
	name: 'Update',
	description: 'Change fields of an unpaid payment object',
	action: 'Update a payment object',
	properties: [
		slugProperty,
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				addCallbackSecretProperty,
				additionalJsonProperty,
				{ displayName: 'Amount (COP)', name: 'amount', type: 'number', default: 0, typeOptions: { minValue: 0 } },
				{ displayName: 'Callback URL', name: 'callbackUrl', type: 'string', default: '' },
				{ displayName: 'Client Assumes Costs', name: 'clientAssumeCosts', type: 'boolean', default: false, description: 'Whether the payer pays the fees on top of the amount' },
				{ displayName: 'Description', name: 'description', type: 'string', default: '' },
				{ displayName: 'Expiration (Days)', name: 'expirationDays', type: 'number', default: 1, typeOptions: { minValue: 1, numberPrecision: 0 } },
				otherMethodKeysProperty,
				{ displayName: 'Payer Redirect URL', name: 'payerRedirectUrl', type: 'string', default: '' },
				{ ...paymentMethodsProperty, default: [] },
				{ displayName: 'Platform', name: 'platform', type: 'string', default: '' },
				{ displayName: 'Send No Email', name: 'notSendEmail', type: 'boolean', default: false, description: 'Whether to stop the service from emailing the payment link' },
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const slug = readSlug(node, itemIndex, this.getNodeParameter('slug', itemIndex));
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const changes: IDataObject = readJsonObject(node, itemIndex, 'Additional Fields (JSON)', fields.additionalFields);
		if (fields.amount !== undefined) changes.amount = readPositiveAmount(node, itemIndex, 'Amount (COP)', fields.amount);
		if (fields.description !== undefined) {
			changes.description = readRequiredText(node, itemIndex, 'Description', fields.description);
		}
		if (fields.expirationDays !== undefined) {
			changes.expiration_days = readWholeNumber(node, itemIndex, 'Expiration (Days)', fields.expirationDays, 1);
		}
		if (fields.paymentMethods !== undefined || fields.otherMethodKeys !== undefined) {
			changes.payment_method_enabled = readMethodSelection(node, itemIndex, fields.paymentMethods, fields.otherMethodKeys);
		}
		if (fields.payerRedirectUrl !== undefined) changes.payer_redirect_url = readUrlField(node, itemIndex, 'Payer Redirect URL', fields.payerRedirectUrl);
		if (fields.callbackUrl !== undefined) changes.callback = await readCallbackField(env, itemIndex, fields.callbackUrl, fields.addCallbackSecret, 'Update Fields');
		if (fields.clientAssumeCosts !== undefined) changes.client_assume_costs = readYesNo(node, itemIndex, 'Client Assumes Costs', fields.clientAssumeCosts);
		if (fields.notSendEmail !== undefined) changes.not_send_email = readYesNo(node, itemIndex, 'Send No Email', fields.notSendEmail);
		if (fields.platform !== undefined) changes.platform = readText(node, itemIndex, 'Platform', fields.platform);
		const changed = Object.keys(changes);
		if (changed.length === 0) throw inputError(node, itemIndex, 'Update Fields', 'add at least one field to change');

		// Setting the same values twice does no harm, so a lost answer may be retried.
		await env.request({
			method: 'POST',
			path: '/edit_pay/',
			body: { ...changes, url: slug },
			safety: 'idempotent',
			action: 'the payment object update',
			itemIndex,
		});
		// The service answers {}: read the object back so the next node sees what it now is.
		const current = await env.request({ method: 'GET', path: `/pay_detail/${encodeURIComponent(slug)}`, safety: 'read', action: 'reading the updated payment object', itemIndex });
		return { ...normalizePaymentObject(current, await readPageBaseUrl(env, itemIndex)), updated_fields: changed };
	},
};
