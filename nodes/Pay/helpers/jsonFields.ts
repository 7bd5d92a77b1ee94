import type { IDataObject, INode } from 'n8n-workflow';

import { inputError } from './inputError';

/**
 * "Additional Fields (JSON)": raw fields for what the spec leaves open. Accepts an object or its
 * JSON text; anything else is refused, naming the field.
 */
export function readJsonObject(
	node: INode,
	itemIndex: number,
	field: string,
	raw: unknown,
): IDataObject {
	if (raw === undefined || raw === null || raw === '') return {};
	let value = raw;
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value);
		} catch {
			throw inputError(
				node,
				itemIndex,
				field,
				'is not valid JSON; write an object such as {"reference": "INV-1"}',
			);
		}
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw inputError(
			node,
			itemIndex,
			field,
			'must be a JSON object such as {"reference": "INV-1"}',
		);
	}
	// A copy: the object may be the input item's own (mapped with an expression), and callers add to
	// it.
	return { ...(value as IDataObject) };
}
