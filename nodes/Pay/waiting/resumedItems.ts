/**
 * The items a payment wait goes on with: one per input item, paired to it. A link read from the
 * service, with `payment_outcome`; an item that failed before the wait, as it failed then (with On
 * Error "Continue (using error output)" n8n moves it to the error output again); an item whose
 * link this run did not create, NOT_CREATED.
 */
import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	NodeParameterValueType,
} from 'n8n-workflow';

import { linkOutcome, NOT_CREATED } from './linkOutcome';
import type { WaitingOperation } from './waitKind';

export function resumedItems(
	context: IWebhookFunctions,
	slugs: string[],
	links: Map<string, IDataObject>,
	pageBaseUrl: string,
	operation: WaitingOperation,
): INodeExecutionData[] {
	const simplify = simplifyOn(context) ? operation.simplify : undefined;
	const failed = slugs.includes('') ? failedBeforeTheWait(context) : new Map();
	return slugs.map((slug, index) => {
		const earlier = slug === '' ? failed.get(index) : undefined;
		if (earlier !== undefined) return { json: earlier, pairedItem: { item: index } };
		const link = links.get(slug);
		const json = link === undefined ? NOT_CREATED : linkOutcome(link, pageBaseUrl);
		return { json: simplify ? simplify(json) : json, pairedItem: { item: index } };
	});
}

/** Simplify as the node's field says; off where the node has none (version 1). */
function simplifyOn(context: IWebhookFunctions): boolean {
	const value: NodeParameterValueType | object = context.getNodeParameter('simplify', false);
	return value === true;
}

/**
 * The failed items of the node's output before the wait, by the input item each is paired to:
 * n8n still holds that output while the node answers a callback (it drops it when the execution
 * goes on). Read through an expression, the one way n8n 2.8 and 2.41 both give a webhook.
 */
function failedBeforeTheWait(context: IWebhookFunctions): Map<number, IDataObject> {
	const failed = new Map<number, IDataObject>();
	const name = JSON.stringify(context.getNode().name);
	// Branch 1 is the error output, where n8n put them with "Continue (using error output)".
	for (const branch of [0, 1]) {
		let items: unknown;
		try {
			items = context.evaluateExpression(`{{ $(${name}).all(${branch}) }}`);
		} catch {
			continue;
		}
		if (!Array.isArray(items)) continue;
		for (const item of items as INodeExecutionData[]) {
			const paired = item?.pairedItem as { item?: unknown } | undefined;
			if (item?.json?.error !== undefined && typeof paired?.item === 'number')
				failed.set(paired.item, item.json);
		}
	}
	return failed;
}
