import type { PayResource } from '../types';
import { chargeCard } from './charge.operation';
import { deleteCard } from './delete.operation';
import { encryptFields } from './encryptFields.operation';
import { getCard } from './get.operation';
import { getPublicKey } from './getPublicKey.operation';
import { getManyCards } from './getAll.operation';
import { registerCard } from './register.operation';

export const cardResource: PayResource = {
	value: 'card',
	name: 'Card',
	description:
		'Store cards as tokens and charge them later; card fields are RSA-encrypted inside the node',
	defaultOperation: 'register',
	operations: [
		chargeCard,
		deleteCard,
		encryptFields,
		getCard,
		getPublicKey,
		getManyCards,
		registerCard,
	],
};
