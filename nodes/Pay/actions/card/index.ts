import type { PayResource } from '../types';
import { chargeCard } from './charge';
import { deleteCard } from './delete';
import { encryptFields } from './encryptFields';
import { getCard } from './get';
import { getPublicKey } from './getPublicKey';
import { listCards } from './list';
import { registerCard } from './register';

export const cardResource: PayResource = {
	value: 'card',
	name: 'Card',
	description: 'Store cards as tokens and charge them later; card fields are RSA-encrypted inside the node',
	defaultOperation: 'register',
	operations: [chargeCard, deleteCard, encryptFields, getCard, getPublicKey, listCards, registerCard],
};
