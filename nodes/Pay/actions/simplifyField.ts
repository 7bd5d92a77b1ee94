/**
 * Simplify, as n8n's nodes with large objects have it (from version 2, on by default): the
 * operation's output reduced to the fields a workflow maps, by the operation's own `simplify`.
 * Off, or at version 1 (where the field is not shown), the output is the whole answer, as before.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readParameter } from '../execution/readParameter';
import type { ItemResult } from '../execution/runItems';
import { readYesNo } from '../helpers/fieldInput';
import { fromVersion2 } from '../helpers/nodeVersions';
import type { OperationEnvironment, PayOperation } from './types';

export const simplifyProperty: INodeProperties = fromVersion2({
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
});

/**
 * The operation, its output simplified when it can be and Simplify is on (before the Pay
 * Tool's gate sees it).
 */
export function withSimplify(operation: PayOperation | undefined): PayOperation | undefined {
	if (operation?.simplify === undefined) return operation;
	return {
		...operation,
		async execute(this: IExecuteFunctions, itemIndex, env) {
			return await executeSimplified(this, operation, itemIndex, env);
		},
	};
}

async function executeSimplified(
	context: IExecuteFunctions,
	operation: PayOperation,
	itemIndex: number,
	env: OperationEnvironment,
): Promise<ItemResult> {
	const simplify = operation.simplify as NonNullable<PayOperation['simplify']>;
	// Read before anything is sent: a Simplify mapped to nonsense fails the item with nothing done.
	const on = readYesNo(
		env.node,
		itemIndex,
		simplifyProperty.displayName,
		readParameter(context, env, simplifyProperty.name, itemIndex, false),
	);
	const output = await operation.execute.call(context, itemIndex, env);
	if (!on) return output;
	return Array.isArray(output)
		? output.map((entry: IDataObject) => simplify(entry))
		: simplify(output);
}
