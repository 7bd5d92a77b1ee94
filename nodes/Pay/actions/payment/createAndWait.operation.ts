/**
 * Payment → Create and Wait for Payment: n8n's "send and wait" idiom for a payment link. The link's
 * callback is this execution's resume URL; the execution waits (holding no worker) and goes on when
 * every link of the run is paid, not paid, expired or refunded, as the service says (waiting/).
 */
import { callbackToThisNode } from '../../waiting/callbackToThisNode';
import { followedHere } from '../../waiting/linkCreatedEarlier';
import { paymentWait } from '../../waiting/paymentWait';
import { waitLimitProperties } from '../../waiting/waitLimit';
import { withoutCallbackFields } from '../../waiting/withoutCallbackFields';
import { pageQrCodeProperties } from './pageQrCode';
import type { PayOperation } from '../types';
import { createPayment, createPaymentLink } from './create.operation';
import { simpleLinkOutcome } from './simpleLinkOutcome';

export const createPaymentAndWait: PayOperation = {
	value: 'createAndWait',
	name: 'Create and Wait for Payment',
	description:
		'Create a payment link, then pause the execution until the service reports it paid, not paid, expired or refunded',
	action: 'Create a payment link and wait for payment',
	safeToRunTogether: true,
	// Created exactly as Create creates it, so the same derived idempotency key.
	referenceIdentity: createPayment.referenceIdentity,
	toolUse: {
		refused: 'it pauses the execution until the service calls back; use Create, then Get',
	},
	waits: paymentWait,
	simplify: simpleLinkOutcome,
	properties: [
		{
			displayName:
				'The execution waits here and goes on when every link of this run reaches a final state. The service must be able to reach this n8n: without a public URL, the execution waits until its limit, and Get Links Waited For reads the outcome.',
			name: 'waitNotice',
			type: 'notice',
			default: '',
		},
		// Its output is the link once paid: the QR code image is Create's only.
		...withoutCallbackFields(createPayment.properties).filter(
			(property) => !pageQrCodeProperties.includes(property),
		),
		...waitLimitProperties(true),
	],
	async execute(this, itemIndex, env) {
		const callback = await callbackToThisNode(this, env);
		const created = await createPaymentLink(this, itemIndex, env, callback);
		return await followedHere(env, itemIndex, created, callback);
	},
};
