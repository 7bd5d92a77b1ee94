import type { INode } from 'n8n-workflow';

import { readText, shownValue } from './fieldInput';
import { inputError } from './inputError';

/**
 * The destination key of a withdrawal: a Colombian mobile number (10 digits starting with 3;
 * spaces, dashes and a +57 prefix are removed) or an alias that starts with the at-sign.
 */
export function readInstantPaymentKey(
	node: INode,
	itemIndex: number,
	field: string,
	raw: unknown,
): string {
	const text = readText(node, itemIndex, field, raw);
	if (text.startsWith('@')) {
		if (/^@[A-Za-z0-9._-]{2,40}$/.test(text)) return text;
		throw inputError(
			node,
			itemIndex,
			field,
			`${shownValue(text)} is not a valid alias: @ followed by 2 to 40 letters, digits, dots, dashes or underscores`,
		);
	}
	const digits = text.replace(/[\s-]/g, '').replace(/^\+?57(?=3\d{9}$)/, '');
	if (/^3\d{9}$/.test(digits)) return digits;
	throw inputError(
		node,
		itemIndex,
		field,
		`${shownValue(text)} is neither a Colombian mobile number (3xxxxxxxxx) nor an alias starting with @`,
	);
}
