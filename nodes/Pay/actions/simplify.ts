/**
 * Simplify, as n8n's nodes with large objects have it (from version 2, on by default): the
 * operation's output reduced to the fields a workflow maps, by the operation's own `simplify`.
 * Off, or at version 1 (where the field is not shown), the output is the whole answer, as before.
 * The item pipeline reads the field (readSimplify) and applies it.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ItemResult } from '../execution/itemOutput';
import { fromVersion2 } from '../helpers/nodeVersions';
import type { PayOperation } from '../payOperation';

export const simplifyProperty: INodeProperties = fromVersion2({
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
});

export function simplified(
	output: ItemResult,
	simplify: NonNullable<PayOperation['simplify']>,
): ItemResult {
	return Array.isArray(output)
		? output.map((entry: IDataObject) => simplify(entry))
		: simplify(output);
}
