import type { IExecuteFunctions } from 'n8n-workflow';

import type { OperationEnvironment, PayOperation } from '../types';
import { servicePublicKey } from './servicePublicKey';

export const getPublicKey: PayOperation = {
	value: 'getPublicKey',
	name: 'Get Public Key',
	description: "Read the service's RSA public key (the node encrypts card fields with it for you)",
	action: "Get the service's public key",
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { pem, key } = await servicePublicKey(this, env, itemIndex);
		return {
			public_key: pem,
			key_type: key.asymmetricKeyType ?? 'unknown',
			modulus_bits: key.asymmetricKeyDetails?.modulusLength ?? null,
		};
	},
};
