import type { KeyObject } from 'crypto';
import type { IDataObject, IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { readRequiredText, readText, isLocatorValue } from '../../helpers/fieldInput';
import { inputError } from '../../helpers/inputError';
import { atVersion1, fromVersion2 } from '../../helpers/nodeVersions';
import { encryptField, plaintextLimit, RSA_PADDING_OPTIONS } from '../../helpers/rsaEncrypt';
import type { RsaPadding } from '../../helpers/rsaEncrypt';
import type { OperationEnvironment } from '../types';
import { cardLocatorProperty, readCardLocator } from './cardLocator';

export const paddingProperty: INodeProperties = {
	displayName: 'Encryption Padding',
	name: 'padding',
	type: 'options',
	options: RSA_PADDING_OPTIONS,
	default: 'pkcs1',
	description:
		'RSA padding used to encrypt card fields. The service does not document it; change it only if the service cannot decrypt.',
};

export function readPadding(options: IDataObject): RsaPadding {
	const value = options.padding;
	return value === 'oaep-sha1' || value === 'oaep-sha256' ? value : 'pkcs1';
}

/**
 * Encrypts one card field. A value too long for one RSA block (the service's key decides how long)
 * is refused by the field's name, without showing it, instead of failing with OpenSSL's words.
 */
export function encryptCardField(
	node: INode,
	itemIndex: number,
	field: string,
	key: KeyObject,
	value: string,
	padding: RsaPadding,
): string {
	const bytes = Buffer.byteLength(value, 'utf8');
	const limit = plaintextLimit(key, padding);
	if (bytes > limit) {
		throw inputError(
			node,
			itemIndex,
			field,
			`is too long to encrypt: ${bytes} bytes, and the service's key takes at most ${limit} with this padding`,
		);
	}
	return encryptField(key, value, padding);
}

export const cardUuidProperty: INodeProperties = {
	displayName: 'Card UUID',
	name: 'cardUuid',
	type: 'string',
	required: true,
	default: '',
	description: 'The card_uuid of a saved card, from Card → Register or Card → Get Many',
};

/**
 * The card field of every operation that names a saved card: text at version 1, a
 * locator from version 2.
 */
export const cardUuidProperties: INodeProperties[] = [
	atVersion1(cardUuidProperty),
	fromVersion2(cardLocatorProperty),
];

/**
 * The card_uuid of an item, required, named as the field is in the editor (and its mode, from
 * version 2).
 */
export function readCardUuid(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
): string {
	const raw = readParameter(context, env, cardUuidProperty.name, itemIndex, '');
	if (isLocatorValue(raw)) return readCardLocator(env.node, itemIndex, raw);
	return readRequiredText(env.node, itemIndex, cardUuidProperty.displayName, raw);
}

/**
 * Where the card is used from: plain fields real clients send with a registration
 * and with a charge.
 */
export const deviceProperties: INodeProperties[] = [
	{
		displayName: 'IMEI',
		name: 'imei',
		type: 'string',
		default: '',
		description: 'Device identifier, if the service asks for one',
	},
	{
		displayName: 'Latitude',
		name: 'latitude',
		type: 'string',
		default: '',
		placeholder: 'e.g. 4.6097',
		description: 'Where the card is used from: decimal degrees, north positive, sent as typed',
	},
	{
		displayName: 'Longitude',
		name: 'longitude',
		type: 'string',
		default: '',
		placeholder: 'e.g. -74.0817',
		description:
			'Where the card is used from: decimal degrees, east positive (Colombia is negative), sent as typed',
	},
];

/** Device fields given in the options, by their names in the service and in the editor. */
export const DEVICE_FIELDS = [
	['imei', 'IMEI'],
	['latitude', 'Latitude'],
	['longitude', 'Longitude'],
] as const;

/** The device fields given in Options, as typed; those left empty are not sent. */
export function readDevice(node: INode, itemIndex: number, options: IDataObject): IDataObject {
	const device: IDataObject = {};
	for (const [field, label] of DEVICE_FIELDS) {
		const value = readText(node, itemIndex, label, options[field]);
		if (value !== '') device[field] = value;
	}
	return device;
}
