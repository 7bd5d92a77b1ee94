import type { IDataObject } from 'n8n-workflow';

/** The named fields an object has, in the order named (Simplify's views). */
export function pickFields(object: IDataObject, fields: readonly string[]): IDataObject {
	const picked: IDataObject = {};
	for (const field of fields) if (Object.hasOwn(object, field)) picked[field] = object[field];
	return picked;
}
