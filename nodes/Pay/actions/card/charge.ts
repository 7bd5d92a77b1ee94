import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readCvv } from '../../helpers/cardInput';
import { inputError } from '../../helpers/inputError';
import { answerFields } from '../../helpers/normalize';
import { normalizePaymentObject } from '../../helpers/paymentObject';
import { encryptField } from '../../helpers/rsaEncrypt';
import { readSlug, slugProperty } from '../../helpers/slug';
import { paymentStateLabel } from '../../helpers/states';
import type { OperationEnvironment, PayOperation } from '../types';
import { cardUuidProperty, paddingProperty, readPadding } from './fields';
import { servicePublicKey } from './publicKey';
import { optionsCollection } from '../sharedFields';

export const chargeCard: PayOperation = {
	value: 'charge',
	name: 'Charge',
	description: 'Pay a payment object with a saved card (moves money; never sent twice)',
	action: 'Charge a saved card',
	properties: [
		cardUuidProperty,
		slugProperty,
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
			description: 'Encrypted before it leaves n8n; never shown or stored',
		},
		optionsCollection([paddingProperty]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const uuid = String(this.getNodeParameter('cardUuid', itemIndex, '') ?? '').trim();
		if (uuid === '') throw inputError(node, itemIndex, 'Card UUID', 'is empty');
		const slug = readSlug(node, itemIndex, this.getNodeParameter('slug', itemIndex));
		const dues = Number(this.getNodeParameter('dues', itemIndex, 1));
		if (!Number.isInteger(dues) || dues < 1 || dues > 36) throw inputError(node, itemIndex, 'Instalments', `must be a whole number from 1 to 36, got ${dues}`);
		const cvv = readCvv(node, itemIndex, this.getNodeParameter('cvv', itemIndex));
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const { key } = await servicePublicKey(this, env, itemIndex);
		const answer = answerFields(await env.request({
			method: 'POST',
			path: '/tc_payment/',
			body: { tc_id: uuid, dues, url: slug, cvv: encryptField(key, cvv, readPadding(options)) },
			safety: 'once',
			action: `the card charge for ${slug}`,
			howToCheck: `Run Payment → Get for ${slug}: state_label "paid" means the charge went through. Do not charge again before checking.`,
			itemIndex,
		}));
		const output: IDataObject = { slug, card_uuid: uuid, dues, ...answer };
		if ('state' in answer) output.state_label = paymentStateLabel(answer.state);
		if (typeof answer.payment === 'object') output.payment = normalizePaymentObject(answer.payment);
		return output;
	},
};
