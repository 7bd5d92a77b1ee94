import type { INode } from 'n8n-workflow';

import { colombianMobile } from '../../shared/service/colombianMobile';
import { readText, shownValue } from './fieldInput';
import { inputError } from './inputError';

/**
 * The destination key of a withdrawal: a Colombian mobile number (10 digits starting with 3;
 * written as `colombianMobile.ts` reads one) or an alias that starts with the at-sign.
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
	const mobile = colombianMobile(text);
	if (mobile !== undefined) return mobile;
	throw inputError(
		node,
		itemIndex,
		field,
		`${shownValue(text)} is neither a Colombian mobile number (3xxxxxxxxx) nor an alias starting with @`,
	);
}
