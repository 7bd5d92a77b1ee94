import type { INode } from 'n8n-workflow';

import { readText } from './fieldInput';
import { inputError } from './inputError';

/**
 * A verification code typed as text (codes can start with 0 when typed) and sent as the integer the
 * service wants. Only 4 to 8 digits are accepted, so a pasted sentence is refused, not truncated.
 */
export function readVerificationCode(
	node: INode,
	itemIndex: number,
	field: string,
	raw: unknown,
): number {
	const text = readText(node, itemIndex, field, raw).replace(/\s/g, '');
	if (!/^\d{4,8}$/.test(text))
		throw inputError(node, itemIndex, field, 'must be the 4 to 8 digits received');
	return Number(text);
}
