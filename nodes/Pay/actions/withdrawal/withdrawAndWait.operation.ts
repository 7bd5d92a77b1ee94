/**
 * Withdrawal → Withdraw and Wait for Final Status: the withdrawal's status callbacks go to this
 * execution, which waits through the intermediate ones and goes on at deposited, consigned, error
 * or rejected (waiting/). Sent exactly as Withdraw sends it: Reference and idempotency key apply.
 * One withdrawal per execution: the service has no read of withdrawals, so the states of several
 * could not be followed across callbacks (docs/WAITING.md: one execution per payout).
 */
import { inputError } from '../../helpers/inputError';
import { callbackToThisNode } from '../../waiting/callbackToThisNode';
import { waitLimitProperties } from '../../waiting/waitLimit';
import { withdrawalWait } from '../../waiting/withdrawalWait';
import { withoutCallbackFields } from '../../waiting/withoutCallbackFields';
import type { PayOperation } from '../types';
import { sendWithdrawal, withdrawToKey } from './withdraw.operation';

export const withdrawAndWait: PayOperation = {
	value: 'withdrawAndWait',
	name: 'Withdraw and Wait for Final Status',
	description:
		'Withdraw to a Bre-B key, then pause the execution until the withdrawal is deposited, consigned, in error or rejected (moves money; never sent twice)',
	action: 'Withdraw and wait for the final status',
	money: withdrawToKey.money,
	// Sent exactly as Withdraw sends it, so the same Reference.
	referenceIdentity: withdrawToKey.referenceIdentity,
	waits: withdrawalWait,
	toolUse: {
		refused:
			'it pauses the execution until the service calls back; use Withdraw to Instant-Payment Key',
	},
	properties: [
		{
			displayName:
				'One withdrawal per execution: the execution waits here for its final status. The service must be able to reach this n8n (see the README).',
			name: 'waitNotice',
			type: 'notice',
			default: '',
		},
		...withoutCallbackFields(withdrawToKey.properties),
		...waitLimitProperties(false),
	],
	async execute(this, itemIndex, env) {
		const items = this.getInputData().length;
		if (items > 1)
			throw inputError(
				env.node,
				itemIndex,
				'Input',
				`Withdraw and Wait for Final Status waits for one withdrawal per execution, and this run has ${items} items: nothing was sent. Run one execution per payout (Execute Workflow, "Run once for each item"), or use Withdraw and a Pay Trigger.`,
				'Items',
			);
		const callback = await callbackToThisNode(this, env);
		return await sendWithdrawal(this, itemIndex, env, callback);
	},
};
