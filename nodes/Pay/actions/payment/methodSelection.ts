import type { INode } from 'n8n-workflow';

import { inputError } from '../../helpers/inputError';
import { serializeMethods, splitMethodKeys } from '../../helpers/paymentMethods';

/** The `payment_method_enabled` string from the chosen methods and the typed extra keys; never empty. */
export function readMethodSelection(node: INode, itemIndex: number, chosen: unknown, otherKeys: unknown): string {
	const keys = [...(Array.isArray(chosen) ? chosen.map(String) : []), ...splitMethodKeys(otherKeys)];
	if (keys.length === 0) {
		throw inputError(node, itemIndex, 'Payment Methods', 'choose at least one method the payer may use');
	}
	return serializeMethods(keys);
}
