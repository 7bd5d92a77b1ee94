import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { lastFour, readCardNumber, readExpiry } from '../../helpers/cardInput';
import { readRequiredText, readText } from '../../helpers/fieldInput';
import { optionsCollection } from '../sharedFields';
import type { OperationEnvironment, PayOperation } from '../types';
import { cardView } from './cardView';
import {
	DEVICE_FIELDS,
	deviceProperties,
	encryptCardField,
	paddingProperty,
	readPadding,
} from './fields';
import { servicePublicKey } from './servicePublicKey';

export const registerCard: PayOperation = {
	value: 'register',
	name: 'Register',
	description:
		'Save a card as a token; the node encrypts the number, name and expiry before sending',
	action: 'Register a card',
	toolUse: { refused: 'card data must not pass through a model' },
	properties: [
		{
			displayName: 'Card Number',
			name: 'cardNumber',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			// password only hides the value in the editor: a typed one is still saved in the
			// workflow's parameters.
			description:
				'Encrypted before it is sent; the output shows only its last four digits. A typed value is saved with the workflow: map it from an earlier node instead.',
		},
		{
			displayName: 'Holder Name',
			name: 'holderName',
			type: 'string',
			required: true,
			default: '',
			description: 'Name as printed on the card',
		},
		{
			displayName: 'Expiry (MM/YY)',
			name: 'expiry',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			placeholder: 'e.g. 08/29',
			description:
				'Encrypted before it is sent; never in the output. A typed value is saved with the workflow: map it from an earlier node instead.',
		},
		optionsCollection([
			{
				displayName: 'Bank',
				name: 'bank',
				type: 'string',
				default: '',
				description: 'Issuing bank, sent as it is',
			},
			{
				displayName: 'Country',
				name: 'country',
				type: 'string',
				default: 'CO',
				description: 'Country code, sent as it is',
			},
			paddingProperty,
			...deviceProperties,
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const typedNumber = readParameter(this, env, 'cardNumber', itemIndex);
		const number = readCardNumber(node, itemIndex, typedNumber);
		const expiry = readExpiry(node, itemIndex, readParameter(this, env, 'expiry', itemIndex));
		const holder = readRequiredText(
			node,
			itemIndex,
			'Holder Name',
			readParameter(this, env, 'holderName', itemIndex, ''),
		);
		const options = readParameter(this, env, 'options', itemIndex, {}) as IDataObject;
		const padding = readPadding(options);
		const plainFields: IDataObject = {};
		for (const [field, label] of SENT_AS_TEXT) {
			const value = readText(node, itemIndex, label, options[field]);
			if (value !== '') plainFields[field] = value;
		}
		const answer = await env.request({
			method: 'POST',
			path: '/register_tc/',
			// Built when sent: on a re-run (Retry On Fail) an item already registered needs no public
			// key.
			body: async () => {
				const { key } = await servicePublicKey(this, env, itemIndex);
				return {
					number_card: encryptCardField(node, itemIndex, 'Card Number', key, number, padding),
					name_card: encryptCardField(node, itemIndex, 'Holder Name', key, holder, padding),
					date_expiration: encryptCardField(
						node,
						itemIndex,
						'Expiry (MM/YY)',
						key,
						expiry,
						padding,
					),
					...plainFields,
				};
			},
			// Should the service echo them, in an answer or an error.
			sensitive: [number, String(typedNumber ?? ''), expiry],
			safety: 'once',
			action: `the registration of the card ending ${lastFour(number)}`,
			creates: true,
			howToCheck: 'Run Card → Get Many and look for the card before registering it again.',
			itemIndex,
		});
		return cardView(answer, lastFour(number));
	},
};

/** Options sent as the text typed, by their field names in the service and in the editor. */
const SENT_AS_TEXT = [['bank', 'Bank'], ['country', 'Country'], ...DEVICE_FIELDS] as const;
