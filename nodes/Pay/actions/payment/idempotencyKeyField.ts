import type { IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

import { derivedReference } from '../../execution/derivedReference';
import type { OperationEnvironment } from '../../execution/operationEnvironment';
import { readText } from '../../helpers/fieldInput';

/** The optional Idempotency Key field of Payment → Create. */
export const idempotencyKeyProperty: INodeProperties = {
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	placeholder: 'e.g. INV-1001',
	description:
		"A key the service refuses to see twice. Empty: one derived from the trigger's data and the item, so neither Retry On Fail nor a Retry of the execution creates a second object (in the editor, every test run creates anew). Map your own (an invoice number) to be safe across separate trigger events too.",
};

/** The key the user mapped into Idempotency Key, or the one derived for this item and `purpose`. */
export async function readIdempotencyKey(
	context: IExecuteFunctions,
	itemIndex: number,
	env: OperationEnvironment & { node: INode },
	raw: unknown,
	purpose: string,
): Promise<string> {
	return (
		readText(env.node, itemIndex, 'Idempotency Key', raw) ||
		(await derivedReference(context, env, itemIndex, purpose, [], { newInEveryEditorRun: true }))
	);
}
