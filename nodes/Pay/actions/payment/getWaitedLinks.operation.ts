/**
 * Payment → Get Links Waited For: after Create and Wait for Payment reached its Wait Limit (n8n
 * then goes on with the input, unchanged), each item's link as the service gives it now, read by
 * the slug the wait recorded for that item's place. The limit-then-read pattern in one node, for
 * an n8n the service cannot reach too; with Wait Again While Open, a loop that ends on the
 * service's word (waiting/waitAgainWhileOpen.ts).
 */
import { NodeOperationError } from 'n8n-workflow';

import { readPageBaseUrl } from '../../helpers/credentialSettings';
import { onceForTheRun } from '../../execution/readParameter';
import { linkOutcome, NOT_CREATED } from '../../waiting/linkOutcome';
import { paymentWait } from '../../waiting/paymentWait';
import {
	readCheckEvery,
	waitAgainProperties,
	waitAgainWhileOpen,
} from '../../waiting/waitAgainWhileOpen';
import { readWaitInRun } from '../../waiting/waitRecord';
import type { PayOperation } from '../types';
import { simpleLinkOutcome } from './simpleLinkOutcome';

export const getWaitedLinks: PayOperation = {
	value: 'getWaitedLinks',
	name: 'Get Links Waited For',
	description:
		"Read the links this execution's Create and Wait for Payment waited for, as the service gives them now (after its Wait Limit)",
	action: 'Get the payment links this execution waited for',
	safeToRunTogether: true,
	// Callbacks reach it while it waits again (Wait Again While Open).
	waits: paymentWait,
	// Check Again Every refused before the first read, not once the links have been read.
	checkSettings(node) {
		readCheckEvery(this, node);
	},
	async thenWait(run, items) {
		return await waitAgainWhileOpen(this, run, items);
	},
	simplify: simpleLinkOutcome,
	properties: [
		{
			displayName:
				'Place after Create and Wait for Payment: item 1 gets the link of its item 1, and so on. Each comes with payment_outcome: paid, not_paid, expired, refunded, or open.',
			name: 'waitedLinksNotice',
			type: 'notice',
			default: '',
		},
		...waitAgainProperties,
	],
	async execute(this, itemIndex, env) {
		const slugs = await onceForTheRun(env, 'waited-links', () => readWaitInRun(this, paymentWait));
		const slug = slugs[itemIndex];
		if (slug === undefined)
			throw new NodeOperationError(
				env.node,
				slugs.length === 0
					? 'This execution waited for no payment link: put this after Payment → Create and Wait for Payment'
					: `Item ${itemIndex + 1} has no link: the wait covered ${slugs.length} item(s)`,
				{ itemIndex, description: 'Nothing was sent to the service.' },
			);
		if (slug === '') return NOT_CREATED;
		const link = await env.request({
			method: 'GET',
			path: `/pay_detail/${encodeURIComponent(slug)}`,
			safety: 'read',
			action: 'reading a payment link this execution waited for',
			itemIndex,
		});
		return linkOutcome(link as never, await readPageBaseUrl(env, itemIndex));
	},
};
