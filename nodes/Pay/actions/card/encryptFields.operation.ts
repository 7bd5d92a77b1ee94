import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { readRequiredText, readText } from '../../helpers/fieldInput';
import { inputError } from '../../helpers/inputError';
import type { OperationEnvironment, PayOperation } from '../types';
import { encryptCardField, paddingProperty, readPadding } from './fields';
import { servicePublicKey } from './servicePublicKey';
import { optionsCollection } from '../sharedFields';

export const encryptFields: PayOperation = {
	value: 'encryptFields',
	name: 'Encrypt Fields',
	description:
		"Encrypt values with the service's public key (base64), for calls this node does not cover",
	action: 'Encrypt fields with the service key',
	toolUse: { refused: 'card data must not pass through a model' },
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
						{
							displayName: 'Name',
							name: 'name',
							type: 'string',
							default: '',
							description: 'Name of the output field that holds the ciphertext',
						},
						{
							displayName: 'Value',
							name: 'value',
							type: 'string',
							typeOptions: { password: true },
							default: '',
							description: 'The text to encrypt',
						},
					],
				},
			],
		},
		optionsCollection([paddingProperty]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const entries = ((readParameter(this, env, 'fields', itemIndex, {}) as IDataObject).field ??
			[]) as Array<{ name?: string; value?: string }>;
		if (entries.length === 0)
			throw inputError(node, itemIndex, 'Fields', 'add at least one field to encrypt');
		const padding = readPadding(readParameter(this, env, 'options', itemIndex, {}) as IDataObject);
		const { key } = await servicePublicKey(this, env, itemIndex);
		const encrypted = entries.map((entry) => {
			const name = readRequiredText(
				node,
				itemIndex,
				'Fields: Name',
				entry.name,
				'every field needs a name',
			);
			const field = `Fields: ${name}`;
			return [
				name,
				encryptCardField(
					node,
					itemIndex,
					field,
					key,
					readText(node, itemIndex, field, entry.value),
					padding,
				),
			];
		});
		// fromEntries keeps any name as a field, "__proto__" included, where `output[name]
		// =` would drop it.
		return Object.fromEntries(encrypted) as IDataObject;
	},
};
