import type { IDataObject, IExecuteFunctions, INode, NodeParameterValueType } from 'n8n-workflow';

import { normalizePaymentObject } from '../../../shared/service/paymentObject';
import { readParameter } from '../../execution/readParameter';
import { readPositiveAmount } from '../../helpers/amount';
import { readPageBaseUrl } from '../../helpers/credentialSettings';
import { readRequiredText, readText, readWholeNumber, readYesNo } from '../../helpers/fieldInput';
import { readJsonObject } from '../../helpers/jsonFields';
import { optionsCollection } from '../sharedFields';
import { pageQrCodeProperties, readPageQrCode, withPageQrCode } from './pageQrCode';
import type { OperationEnvironment, PayOperation } from '../types';
import { ALREADY_CREATED, createdEarlier, keepCreatedSlug, sentOrEarlier } from './alreadyCreated';
import {
	addCallbackSecretProperty,
	creationCallbackUrlProperty,
	readCallbackField,
	readCreationCallbackUrl,
} from './callbackField';
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
	PLATFORM_FOR_CALLBACKS,
	platformProperty,
	readPayerRedirectUrl,
} from './fields';
import { idempotencyKeyProperty, readIdempotencyKey } from './idempotencyKeyField';
import { readMethodSelection } from './methodSelection';
import { simplePayment } from './simplePayment';

/** Part of every derived idempotency key of a creation: never change it (`referenceIdentity`). */
const PAYMENT_CREATE_IDENTITY = 'payment-create';

export const createPayment: PayOperation = {
	value: 'create',
	name: 'Create',
	description: 'Create a payment object (a payment link) and get its slug',
	action: 'Create a payment link',
	referenceIdentity: PAYMENT_CREATE_IDENTITY,
	safeToRunTogether: true,
	simplify: simplePayment,
	properties: [
		paymentAmountProperty,
		descriptionProperty,
		{ ...paymentMethodsProperty, required: true },
		payerRedirectUrlProperty,
		creationCallbackUrlProperty,
		expirationDaysProperty,
		optionsCollection([
			addCallbackSecretProperty,
			additionalJsonProperty,
			clientAssumeCostsProperty,
			idempotencyKeyProperty,
			otherMethodKeysProperty,
			platformProperty,
			notSendEmailProperty,
		]),
		...pageQrCodeProperties,
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const options = readParameter(this, env, 'options', itemIndex, {}) as IDataObject;
		const callback = await readCallbackField(
			env,
			itemIndex,
			readCreationCallbackUrl(
				env.node,
				itemIndex,
				readParameter(this, env, 'callbackUrl', itemIndex, ''),
			),
			options.addCallbackSecret,
		);
		const qrCode = await readPageQrCode(this, env, itemIndex);
		const output = await createPaymentLink(this, itemIndex, env, callback);
		return await withPageQrCode(this, qrCode, output);
	},
};

/**
 * Creates one payment link whose callback goes to `callback` (Create's field, or the resume URL of
 * Create and Wait for Payment): every other field is read here, the same for both.
 */
export async function createPaymentLink(
	context: IExecuteFunctions,
	itemIndex: number,
	env: OperationEnvironment,
	callback: string,
): Promise<IDataObject> {
	const { node } = env;
	const options = readParameter(context, env, 'options', itemIndex, {}) as IDataObject;
	const fields = readCreationFields(context, env, itemIndex, options);
	const idempotencyKey = await readIdempotencyKey(
		context,
		itemIndex,
		env,
		options.idempotencyKey,
		PAYMENT_CREATE_IDENTITY,
	);
	const body: IDataObject = {
		...readJsonObject(node, itemIndex, 'Additional Fields (JSON)', options.additionalFields),
		...fields,
		callback,
		idempotency_key: idempotencyKey,
		...readCreationOptions(node, itemIndex, options),
	};
	const answer = await sentOrEarlier(
		env.request({
			method: 'POST',
			path: '/pay/',
			body,
			safety: 'idempotent',
			action: 'the payment object creation',
			creates: true,
			howToCheck: `It carries the idempotency key ${idempotencyKey}; run the workflow again with the same key to be refused rather than charged twice, or look for the object in the service's dashboard.`,
			itemIndex,
		}),
	);
	const pageBaseUrl = await readPageBaseUrl(env, itemIndex);
	if (answer === ALREADY_CREATED)
		return await createdEarlier(context, env, itemIndex, idempotencyKey, pageBaseUrl);
	const link = normalizePaymentObject(answer, pageBaseUrl);
	await keepCreatedSlug(context, node, idempotencyKey, link);
	return link;
}

/** The fields that make the payment link what it is, as the service names them. */
function readCreationFields(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
	options: IDataObject,
): IDataObject {
	const { node } = env;
	const read = (name: string, fallback?: NodeParameterValueType) =>
		readParameter(context, env, name, itemIndex, fallback);
	// Read in this order, as always: of two wrong fields, the same one is named.
	const amount = readPositiveAmount(node, itemIndex, 'Amount (COP)', read('amount'));
	const description = readRequiredText(node, itemIndex, 'Description', read('description', ''));
	const methods = readMethodSelection(
		node,
		itemIndex,
		read('paymentMethods', []),
		options.otherMethodKeys,
	);
	const days = readWholeNumber(node, itemIndex, 'Expiration (Days)', read('expirationDays', 1), 1);
	return {
		amount,
		description,
		expiration_days: days,
		payment_method_enabled: methods,
		payer_redirect_url: readPayerRedirectUrl(node, itemIndex, read('payerRedirectUrl', '')),
	};
}

/** What the Options collection adds to the body; the platform always, for the callbacks. */
function readCreationOptions(node: INode, itemIndex: number, options: IDataObject): IDataObject {
	const added: IDataObject = {};
	if (options.clientAssumeCosts !== undefined)
		added.client_assume_costs = readYesNo(
			node,
			itemIndex,
			'Client Assumes Costs',
			options.clientAssumeCosts,
		);
	if (options.notSendEmail !== undefined)
		added.not_send_email = readYesNo(node, itemIndex, 'Send No Email', options.notSendEmail);
	// Without platform "API" the service sends no callback (real clients all send it).
	added.platform =
		readText(node, itemIndex, 'Platform', options.platform) || PLATFORM_FOR_CALLBACKS;
	return added;
}
