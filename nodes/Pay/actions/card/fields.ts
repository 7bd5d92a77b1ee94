import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { RSA_PADDING_OPTIONS } from '../../helpers/rsaEncrypt';
import type { RsaPadding } from '../../helpers/rsaEncrypt';

export const paddingProperty: INodeProperties = {
	displayName: 'Encryption Padding',
	name: 'padding',
	type: 'options',
	options: RSA_PADDING_OPTIONS,
	default: 'pkcs1',
	description: 'RSA padding used to encrypt card fields. The service does not document it; change it only if the service cannot decrypt.',
};

export function readPadding(options: IDataObject): RsaPadding {
	const value = options.padding;
	return value === 'oaep-sha1' || value === 'oaep-sha256' ? value : 'pkcs1';
}

export const cardUuidProperty: INodeProperties = {
	displayName: 'Card UUID',
	name: 'cardUuid',
	type: 'string',
	required: true,
	default: '',
	description: 'The card_uuid of a saved card, from Card → Register or Card → List',
};
