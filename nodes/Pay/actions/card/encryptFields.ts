import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { inputError } from '../../helpers/inputError';
import { encryptField } from '../../helpers/rsaEncrypt';
import type { OperationEnvironment, PayOperation } from '../types';
import { paddingProperty, readPadding } from './fields';
import { servicePublicKey } from './publicKey';
import { optionsCollection } from '../sharedFields';

export const encryptFields: PayOperation = {
	value: 'encryptFields',
	name: 'Encrypt Fields',
	description: "Encrypt values with the service's public key (base64), for calls this node does not cover",
	action: 'Encrypt fields with the service key',
	properties: [
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Field',
					name: 'field',
					values: [
						{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Name of the output field that holds the ciphertext' },
						{ displayName: 'Value', name: 'value', type: 'string', typeOptions: { password: true }, default: '', description: 'The text to encrypt' },
					],
				},
			],
		},
		optionsCollection([paddingProperty]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const entries = ((this.getNodeParameter('fields', itemIndex, {}) as IDataObject).field ?? []) as Array<{ name?: string; value?: string }>;
		if (entries.length === 0) throw inputError(node, itemIndex, 'Fields', 'add at least one field to encrypt');
		const padding = readPadding(this.getNodeParameter('options', itemIndex, {}) as IDataObject);
		const { key } = await servicePublicKey(this, env, itemIndex);
		const output: IDataObject = {};
		for (const entry of entries) {
			const name = String(entry.name ?? '').trim();
			if (name === '') throw inputError(node, itemIndex, 'Fields', 'every field needs a name');
			output[name] = encryptField(key, String(entry.value ?? ''), padding);
		}
		return output;
	},
};
