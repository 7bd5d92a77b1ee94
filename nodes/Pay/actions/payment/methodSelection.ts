import type { INode } from 'n8n-workflow';

import { readTextList } from '../../helpers/fieldInput';
import { inputError } from '../../helpers/inputError';
import { serializeMethods } from '../../../shared/service/paymentMethods';

/**
 * The `payment_method_enabled` string from the chosen methods and the typed extra keys; never
 * empty.
 */
export function readMethodSelection(
	node: INode,
	itemIndex: number,
	chosen: unknown,
	otherKeys: unknown,
): string {
	const keys = [
		...readTextList(node, itemIndex, 'Payment Methods', chosen),
		...readTextList(node, itemIndex, 'Other Method Keys', otherKeys),
	];
	if (keys.length === 0) {
		throw inputError(
			node,
			itemIndex,
			'Payment Methods',
			'choose at least one method the payer may use',
		);
	}
	return serializeMethods(keys);
}
