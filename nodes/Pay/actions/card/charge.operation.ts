import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { answerFields } from '../../../shared/service/normalize';
import { normalizePaymentObject } from '../../../shared/service/paymentObject';
import { paymentStateLabel } from '../../../shared/service/states';
import { firstSendOf, readReferenceAndSource } from '../../execution/derivedReference';
import { readParameter } from '../../execution/readParameter';
import { readCvv } from '../../helpers/cardInput';
import { readWholeNumber } from '../../helpers/fieldInput';
import { readSlug, slugProperties, slugProperty } from '../../helpers/slug';
import { guardedField } from '../moneyFields';
import { optionsCollection } from '../sharedFields';
import type { OperationEnvironment, PayOperation } from '../types';
import { slugFieldProperty, slugFieldsOf } from './chargeSlugField';
import {
	cardUuidProperties,
	cardUuidProperty,
	deviceProperties,
	encryptCardField,
	paddingProperty,
	readCardUuid,
	readDevice,
	readPadding,
} from './fields';
import { servicePublicKey } from './servicePublicKey';
import { paymentObjectShows } from '../paymentObjectCheck';

/**
 * Part of every derived Reference of a card charge: never change it (`referenceIdentity`). The
 * rest is the slug, the card and the instalments, never card data: the reference is shown.
 */
const CHARGE_IDENTITY = 'charge';

export const chargeCard: PayOperation = {
	value: 'charge',
	name: 'Charge',
	description: 'Pay a payment object with a saved card (moves money; never sent twice)',
	action: 'Charge a saved card',
	referenceIdentity: CHARGE_IDENTITY,
	money: {
		amountFrom: { paymentObject: guardedField(slugProperty) },
		recipientFields: [guardedField(slugProperty), guardedField(cardUuidProperty)],
		recipientNoun: 'Payment Link and Card',
		recipientExamples: 'my-invoice-slug',
	},
	properties: [
		...cardUuidProperties,
		...slugProperties,
		{
			displayName: 'Instalments',
			name: 'dues',
			type: 'number',
			default: 1,
			typeOptions: { minValue: 1, maxValue: 36, numberPrecision: 0 },
			description: 'Number of monthly instalments (1 to 36)',
		},
		{
			displayName: 'CVV',
			name: 'cvv',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			// password only hides the value in the editor: a typed one is still saved in the
			// workflow's parameters.
			description:
				'Encrypted before it is sent; never in the output. A typed value is saved with the workflow: map it from an earlier node instead.',
		},
		optionsCollection([paddingProperty, ...deviceProperties, slugFieldProperty]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const uuid = readCardUuid(this, env, itemIndex);
		const slug = readSlug(node, itemIndex, readParameter(this, env, 'slug', itemIndex));
		const dues = readDues(this, env, itemIndex);
		const cvv = readCvv(node, itemIndex, readParameter(this, env, 'cvv', itemIndex));
		const options = readParameter(this, env, 'options', itemIndex, {}) as IDataObject;
		const padding = readPadding(options);
		const slugFields = slugFieldsOf(options.slugField);
		const device = readDevice(node, itemIndex, options);
		const { reference, derived } = await readReferenceAndSource(
			this,
			itemIndex,
			env,
			CHARGE_IDENTITY,
			[slug, uuid, dues],
		);
		const answer = answerFields(
			await env.request({
				method: 'POST',
				path: '/tc_payment/',
				// Built when sent: on a re-run (Retry On Fail) an item already charged needs no public key,
				// whose failure would hide the charge.
				body: async () => {
					const { key } = await servicePublicKey(this, env, itemIndex);
					const cipher = encryptCardField(node, itemIndex, 'CVV', key, cvv, padding);
					return {
						tc_id: uuid,
						dues,
						...Object.fromEntries(slugFields.map((field) => [field, slug])),
						cvv: cipher,
						...device,
					};
				},
				sensitive: [cvv],
				safety: 'once',
				check: { ask: async (read) => await paymentObjectShows(read, slug) },
				action: `the card charge for ${slug}`,
				howToCheck: `Run Payment → Get for ${slug}: state_label "paid" means the charge went through. Do not charge again before checking.`,
				itemIndex,
				reference,
				...firstSendOf(derived, 'a card charge'),
			}),
		);
		const output: IDataObject = {
			slug,
			card_uuid: uuid,
			dues,
			charged: true,
			...answer,
			reference,
		};
		if ('state' in answer) output.state_label = paymentStateLabel(answer.state);
		if (typeof answer.payment === 'object') output.payment = normalizePaymentObject(answer.payment);
		return output;
	},
};

/** Instalments: a whole number from 1 to 36. */
function readDues(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
): number {
	const raw = readParameter(context, env, 'dues', itemIndex, 1);
	return readWholeNumber(env.node, itemIndex, 'Instalments', raw, 1, 36);
}
