/** The Reference of every money-moving operation: what n8n records so the payment is never sent twice. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { derivedReference } from '../execution/derivedReference';
import { readText } from '../helpers/fieldInput';
import type { OperationEnvironment } from './types';

export const referenceProperty: INodeProperties = {
	displayName: 'Reference',
	name: 'reference',
	type: 'string',
	default: '',
	placeholder: 'e.g. INV-1001, or {{ $json.slug }} after a Pay Trigger',
	description:
		"What makes this payment unique. n8n records it in its own database before sending, and this node never sends the same reference twice: not on a Retry of the execution, not from another execution or worker. Empty: one derived from the trigger's data, the item and the payment, so a Retry sends nothing twice. Map a business key (an invoice number, the paid payment's slug) to be safe across separate trigger events too. To send again on purpose, use a new reference.",
};

/**
 * The item's reference: the one mapped, or the one derived from what started the execution, the
 * item's place and `payment` (the values that make the payment what it is, never a secret).
 */
export async function readReference(
	context: IExecuteFunctions,
	itemIndex: number,
	env: OperationEnvironment,
	operation: string,
	payment: unknown[],
): Promise<string> {
	const mapped = readText(
		env.node,
		itemIndex,
		'Reference',
		context.getNodeParameter('reference', itemIndex, ''),
	);
	return mapped || (await derivedReference(context, env, itemIndex, operation, payment));
}
