/** The payer's details that the checkouts send (PSE, Daviplata, Nequi, bank button, cash), and their checks. */
import type { IDataObject, IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

import { readRequiredText, readText, shownValue } from '../../helpers/fieldInput';
import { inputError } from '../../helpers/inputError';
import type { OperationEnvironment } from '../types';

/**
 * Payer document types (docs/SERVICE.md, "Checkout"); the service's codes, not translated. n8n's
 * lint holds option names to English title case, which would misspell the Spanish names ("Cédula
 * De Ciudadanía"), so these sit in each option's description, as written.
 */
export const DOCUMENT_TYPES = [
	{ name: 'Citizenship Card (CC)', value: 'CC', description: 'Cédula de Ciudadanía' },
	{ name: 'Foreigner ID Card (CE)', value: 'CE', description: 'Cédula de Extranjería' },
	{ name: 'Identity Card (TI)', value: 'TI', description: 'Tarjeta de Identidad (minors)' },
	{ name: 'NIT', value: 'NIT', description: 'Número de Identificación Tributaria (a company)' },
	{ name: 'Passport (PA)', value: 'PA', description: 'Pasaporte' },
];

export const payerProperties: INodeProperties[] = [
	{
		displayName: 'Payer Name',
		name: 'payerName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Ana Pérez',
		description: "The payer's full name",
	},
	{
		displayName: 'Document Type',
		name: 'documentType',
		type: 'options',
		options: DOCUMENT_TYPES,
		default: 'CC',
		description:
			"Type of the payer's identity document. To map a value, use an expression giving CC, CE, NIT, PA or TI.",
	},
	{
		displayName: 'Document Number',
		name: 'documentNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1020304050',
		description: "The number of the payer's identity document (sent as cc)",
	},
	{
		displayName: 'Payer Email',
		name: 'payerEmail',
		type: 'string',
		placeholder: 'name@email.com',
		required: true,
		default: '',
		description: "The payer's email address",
	},
	{
		displayName: 'Payer Phone',
		name: 'payerPhone',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3001234567',
		description: "The payer's phone number; spaces and dashes are removed",
	},
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The payer fields as the service names them (`name`, `cc`, `email`, `phone`, `document_type`). */
export function readPayer(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
): IDataObject {
	const { node } = env;
	const text = (name: string, field: string) =>
		readText(node, itemIndex, field, context.getNodeParameter(name, itemIndex, ''));
	const name = readRequiredText(
		node,
		itemIndex,
		'Payer Name',
		context.getNodeParameter('payerName', itemIndex, ''),
	);
	const documentType = text('documentType', 'Document Type').toUpperCase();
	if (!DOCUMENT_TYPES.some((type) => type.value === documentType)) {
		throw inputError(
			node,
			itemIndex,
			'Document Type',
			`${shownValue(documentType)} is not one of ${DOCUMENT_TYPES.map((type) => type.value).join(', ')}`,
		);
	}
	const documentNumber = text('documentNumber', 'Document Number');
	if (!/^[0-9A-Za-z-]{3,20}$/.test(documentNumber))
		throw inputError(
			node,
			itemIndex,
			'Document Number',
			`${shownValue(documentNumber)} is not a document number`,
		);
	const email = text('payerEmail', 'Payer Email');
	if (!EMAIL.test(email))
		throw inputError(
			node,
			itemIndex,
			'Payer Email',
			`${shownValue(email)} is not an email address`,
		);
	const phone = readPhone(node, itemIndex, context.getNodeParameter('payerPhone', itemIndex, ''));
	return { name, cc: documentNumber, email, phone, document_type: documentType };
}

/** The payer's phone, spaces and dashes removed: 7 to 15 digits, with an optional +. */
export function readPhone(node: INode, itemIndex: number, raw: unknown): string {
	const phone = readText(node, itemIndex, 'Payer Phone', raw).replace(/[\s-]/g, '');
	if (!/^\+?\d{7,15}$/.test(phone))
		throw inputError(node, itemIndex, 'Payer Phone', `${shownValue(phone)} is not a phone number`);
	return phone;
}
