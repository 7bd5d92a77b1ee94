/**
 * Payment → Get Links Waited For, Wait Again While Open: a wait that ends on the service's word.
 * n8n ends a wait at its limit without calling the node (its input passes on), so a lost callback
 * would leave a paid link unseen until someone reads it. Here the node reads every link; while one
 * is open and its life not over, the execution waits in this node again, until a callback (the open
 * links now call back here) or the next interval, whichever comes first. The workflow loops the
 * items that come back without `payment_outcome` (the interval passed) into this node; it ends by
 * itself once every link is final, or open past its expiry.
 */
import type { IExecuteFunctions, INode, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { answerOf, itemRequests } from '../../shared/transport';
import type { PayRequest } from '../../shared/transport';
import { runsAsTool } from '../execution/readParameter';
import { finiteNumber, shownValue } from '../helpers/fieldInput';
import { inputError } from '../helpers/inputError';
import type { NodeRun } from '../execution/operationEnvironment';
import { callbackToThisNode } from './callbackToThisNode';
import { withWaitingUntil } from './startWaiting';
import { MARGIN_AFTER_EXPIRY_MS, UNIT_MS } from './waitLimit';
import { paymentWait } from './paymentWait';
import { readWaitInRun, recordWait } from './waitRecord';
import { tokenDigest, waitTokenOfRun } from './waitToken';

/** The least Check Again Every, in the editor and at run time: under a second in minutes. */
export const LEAST_CHECK_EVERY = 0.01;

export const waitAgainProperties: INodeProperties[] = [
	{
		displayName: 'Wait Again While Open',
		name: 'waitWhileOpen',
		type: 'boolean',
		default: false,
		description:
			"Whether to wait in this node again while a link is open: until its callback or the next check, at the link's expiry at the latest. Loop the items without payment_outcome back into this node.",
	},
	{
		displayName: 'Check Again Every',
		name: 'checkEvery',
		type: 'number',
		// Above 0: a check every 0 minutes would read the links without end.
		typeOptions: { minValue: LEAST_CHECK_EVERY },
		default: 15,
		displayOptions: { show: { waitWhileOpen: [true] } },
		description: 'How long a lost callback can delay the outcome at most, in the check unit below',
	},
	{
		displayName: 'Check Unit',
		name: 'checkEveryUnit',
		type: 'options',
		options: [
			{ name: 'Hours', value: 'hours' },
			{ name: 'Minutes', value: 'minutes' },
		],
		default: 'minutes',
		displayOptions: { show: { waitWhileOpen: [true] } },
		description: 'The unit of Check Again Every above',
	},
];

/**
 * How long between two checks, in ms; `undefined` when the node does not wait again (off, or an
 * agent's tool call: an agent's turn cannot pause an execution, as a tool it reads and never
 * waits). Read before anything is sent (the operation's `checkSettings`) and again at the wait: an
 * unusable value (0, negative, below the editor's least, not a number, endless) is refused naming
 * the field, never replaced by a default.
 */
export function readCheckEvery(context: IExecuteFunctions, node: INode): number | undefined {
	if (context.getNodeParameter('waitWhileOpen', 0, false) !== true || runsAsTool(node.type))
		return undefined;
	const raw = context.getNodeParameter('checkEvery', 0, 15);
	const every = finiteNumber(raw);
	if (every === undefined || every < LEAST_CHECK_EVERY)
		throw inputError(
			node,
			0,
			'Check Again Every',
			`give how often to read the open links again, a number of ${LEAST_CHECK_EVERY} or more in the Check Unit, got ${shownValue(raw)}`,
		);
	const unit = UNIT_MS[String(context.getNodeParameter('checkEveryUnit', 0, 'minutes'))];
	if (unit === undefined) throw inputError(node, 0, 'Check Unit', 'choose Minutes or Hours');
	return every * unit;
}

export async function waitAgainWhileOpen(
	context: IExecuteFunctions,
	run: NodeRun,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[][]> {
	const every = readCheckEvery(context, run.node);
	if (every === undefined) return [items];
	const open = items.filter((item) => item.json.payment_outcome === 'open');
	const now = Date.now();
	const lifeEnds = open.map((item) => Date.parse(String(item.json.date_expired)));
	const lastEnd = Math.max(...lifeEnds.map((end) => (Number.isNaN(end) ? now : end))) + MARGIN;
	// Every link final, or open past its life: the service's word as it stands ends the loop.
	if (open.length === 0 || lastEnd <= now) return [items];

	const until = new Date(Math.min(now + every, lastEnd));
	const token = await waitTokenOfRun(run);
	if (!recordWait(context, paymentWait, readWaitInRun(context, paymentWait), tokenDigest(token)))
		return [items];
	await callBackHere(context, run, open);
	await context.putExecutionToWait(until);
	return [withWaitingUntil(items, until)];
}

const MARGIN = MARGIN_AFTER_EXPIRY_MS;

/**
 * Points each open link's callback at this node (`/edit_pay/`, the same value set again does no
 * harm). One that fails is said in n8n's log and left: the next check reads the link anyway.
 */
async function callBackHere(
	context: IExecuteFunctions,
	run: NodeRun,
	open: INodeExecutionData[],
): Promise<void> {
	const send = itemRequests(context, run, {});
	// No Reference: nothing here can have been sent before.
	const request = async (each: PayRequest) => answerOf(await send(each));
	const callback = await callbackToThisNode(context, { ...run, request });
	for (const item of open) {
		const slug = String(item.json.slug);
		const itemIndex = (item.pairedItem as { item: number } | undefined)?.item ?? 0;
		try {
			await request({
				method: 'POST',
				path: '/edit_pay/',
				body: { url: slug, callback },
				safety: 'idempotent',
				action: "pointing the link's callback at the node that waits for it",
				itemIndex,
			});
		} catch (error) {
			context.logger.warn(
				`Pay: ${slug} still calls back to the node that waited before (${(error as Error).message}); the next check reads it`,
			);
		}
	}
}
