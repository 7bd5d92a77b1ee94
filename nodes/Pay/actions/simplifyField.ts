/**
 * Simplify, as n8n's nodes with large objects have it (from version 2, on by default): the
 * operation's output reduced to the fields a workflow maps, by the operation's own `simplify`.
 * Off, or at version 1 (where the field is not shown), the output is the whole answer, as before.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ItemResult } from '../execution/itemOutput';
import type { NodeRun } from '../execution/nodeRun';
import { readParameter } from '../execution/readParameter';
import { readYesNo } from '../helpers/fieldInput';
import { fromVersion2 } from '../helpers/nodeVersions';
import type { PayOperation } from './types';

export const simplifyProperty: INodeProperties = fromVersion2({
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
});

/**
 * The operation's way to simplify, when it has one and the item's Simplify is on. Read before
 * anything is sent: a Simplify mapped to nonsense fails the item with nothing done.
 */
export function readSimplify(
	context: IExecuteFunctions,
	run: NodeRun,
	operation: PayOperation,
	itemIndex: number,
): PayOperation['simplify'] {
	if (operation.simplify === undefined) return undefined;
	const on = readYesNo(
		run.node,
		itemIndex,
		simplifyProperty.displayName,
		readParameter(context, run, simplifyProperty.name, itemIndex, false),
	);
	return on ? operation.simplify : undefined;
}

export function simplified(
	output: ItemResult,
	simplify: NonNullable<PayOperation['simplify']>,
): ItemResult {
	return Array.isArray(output)
		? output.map((entry: IDataObject) => simplify(entry))
		: simplify(output);
}
