/**
 * Simplify, as n8n's nodes with large objects have it (from version 2, on by default): the
 * operation's output reduced to the fields a workflow maps, by the operation's own `simplify`.
 * Off, or at version 1 (where the field is not shown), the output is the whole answer, as before.
 * The item pipeline reads the field (readSimplify) and applies it.
 */
import type { INodeProperties } from 'n8n-workflow';

import { mapJson } from '../execution/itemOutput';
import type { ItemResult } from '../execution/itemOutput';
import { fromVersion2 } from '../helpers/nodeVersions';
import type { PayOperation } from '../payOperation';

export const simplifyProperty: INodeProperties = fromVersion2({
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return only the fields a workflow maps (IDs, states, amounts, payer, dates and, for payment links, the fields to book) instead of everything the service answered',
});

export function simplified(
	output: ItemResult,
	simplify: NonNullable<PayOperation['simplify']>,
): ItemResult {
	return mapJson(output, simplify);
}
