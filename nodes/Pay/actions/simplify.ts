/**
 * Simplify, as n8n's nodes with large objects have it (from version 2, on by default): the
 * operation's output reduced to the fields a workflow maps, by the operation's own `simplify`.
 * Off, or at version 1 (where the field is not shown), the output is the whole answer, as before.
 * The item pipeline reads the field (readSimplify) and applies it.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { mapJson } from '../execution/itemOutput';
import type { ItemResult } from '../execution/itemOutput';
import type { NodeRun } from '../execution/operationEnvironment';
import { readParameter } from '../execution/readParameter';
import { readYesNo } from '../helpers/fieldInput';
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
