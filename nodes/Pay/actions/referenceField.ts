/**
 * The Reference of every money-moving operation: what n8n records so the payment is
 * never sent twice.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readParameter } from '../execution/readParameter';
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
		"What makes this payment unique. n8n records it in its own database before sending; the node reads the record back half a second later and sends only if its own claim is the one recorded. So a reference goes out at most once: on a Retry of the execution, from another execution, and when two workers claim it at the same instant, as long as n8n's database writes each record within that half second. When an earlier send's answer was lost, the node asks the service (the transfer list, the payment's state) before saying the outcome is unknown. Empty: one derived from the trigger's data, the item and the payment, so a Retry sends nothing twice. Map a business key (an invoice number, the paid payment's slug) to be safe across separate trigger events too. To send again on purpose, use a new reference.",
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
		readParameter(context, env, 'reference', itemIndex, ''),
	);
	return mapped || (await derivedReference(context, env, itemIndex, operation, payment));
}
