import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { lastFour, readCardNumber, readExpiry } from '../../helpers/cardInput';
import { inputError } from '../../helpers/inputError';
import { encryptField } from '../../helpers/rsaEncrypt';
import type { OperationEnvironment, PayOperation } from '../types';
import { cardView } from './cardView';
import { paddingProperty, readPadding } from './fields';
import { servicePublicKey } from './publicKey';
import { optionsCollection } from '../sharedFields';

export const registerCard: PayOperation = {
	value: 'register',
	name: 'Register',
	description: 'Save a card as a token; the node encrypts the number, name and expiry before sending',
	action: 'Register a card',
	properties: [
		{
			displayName: 'Card Number',
			name: 'cardNumber',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'Encrypted before it leaves n8n; never shown in the output (only its last four digits)',
		},
		{ displayName: 'Holder Name', name: 'holderName', type: 'string', required: true, default: '', description: 'Name as printed on the card' },
		{
			displayName: 'Expiry (MM/YY)',
			name: 'expiry',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			placeholder: 'e.g. 08/29',
		},
		optionsCollection([
			{ displayName: 'Bank', name: 'bank', type: 'string', default: '', description: 'Issuing bank, sent as it is' },
			{ displayName: 'Country', name: 'country', type: 'string', default: 'CO', description: 'Country code, sent as it is' },
			paddingProperty,
			{ displayName: 'IMEI', name: 'imei', type: 'string', default: '', description: 'Device identifier, if the service asks for one' },
			{ displayName: 'Latitude', name: 'latitude', type: 'string', default: '' },
			{ displayName: 'Longitude', name: 'longitude', type: 'string', default: '' },
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const number = readCardNumber(node, itemIndex, this.getNodeParameter('cardNumber', itemIndex));
		const expiry = readExpiry(node, itemIndex, this.getNodeParameter('expiry', itemIndex));
		const holder = String(this.getNodeParameter('holderName', itemIndex, '') ?? '').trim();
		if (holder === '') throw inputError(node, itemIndex, 'Holder Name', 'is empty');
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const padding = readPadding(options);
		const { key } = await servicePublicKey(this, env, itemIndex);

		const body: IDataObject = {
			number_card: encryptField(key, number, padding),
			name_card: encryptField(key, holder, padding),
			date_expiration: encryptField(key, expiry, padding),
		};
		for (const field of ['bank', 'country', 'imei', 'latitude', 'longitude']) {
			if (options[field] !== undefined && options[field] !== '') body[field] = String(options[field]);
		}
		const answer = await env.request({
			method: 'POST',
			path: '/register_tc/',
			body,
			safety: 'once',
			action: `the registration of the card ending ${lastFour(number)}`,
			howToCheck: 'Run Card → List and look for the card before registering it again.',
			itemIndex,
		});
		return { ...cardView(answer), last4: lastFour(number) };
	},
};
