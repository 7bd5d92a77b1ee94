/**
 * The run's word on fees above the amount: each item says it in
 * `fees_exceed_amount` and `fees_warning` (nodes/shared/service/feesAboveAmount.ts), and once per
 * run an execution hint above the output says how many and which, so nobody has to look for it.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/** How many slugs the hint names before "and N more". */
export const SLUGS_IN_THE_HINT = 3;

/** Adds the hint when any output item has fees above its amount; says nothing otherwise. */
export function addFeesHint(context: IExecuteFunctions, items: INodeExecutionData[]): void {
	const flagged = items.map((item) => flaggedObject(item.json)).filter((found) => found);
	// A context without hints (an older n8n, an agent's tool call) goes without: the items say it.
	if (flagged.length === 0 || typeof context.addExecutionHints !== 'function') return;
	const slugs = flagged
		.map((object) => object?.slug)
		.filter((slug): slug is string => typeof slug === 'string' && slug !== '');
	const named = slugs.slice(0, SLUGS_IN_THE_HINT).join(', ');
	const more =
		slugs.length > SLUGS_IN_THE_HINT ? ` and ${slugs.length - SLUGS_IN_THE_HINT} more` : '';
	const which = named === '' ? '' : ` (${named}${more})`;
	const count = flagged.length === 1 ? '1 item' : `${flagged.length} items`;
	context.addExecutionHints({
		message: `${count}${which}: the service's fee and IVA take the whole amount or more (a net of zero or less). Each item's fees_warning gives the figures.`,
		type: 'warning',
		location: 'outputPane',
	});
}

/** The payment object of the item (itself, a checkout's or a charge's `payment`) when flagged. */
function flaggedObject(json: IDataObject): IDataObject | undefined {
	if (json.fees_exceed_amount === true) return json;
	const payment = json.payment as IDataObject | undefined;
	if (typeof payment === 'object' && payment !== null && payment.fees_exceed_amount === true)
		return payment;
	return undefined;
}
