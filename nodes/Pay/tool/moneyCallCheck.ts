/**
 * What the Pay Tool checks of a money-moving call before it may be sent: the user allowed it, set
 * a maximum, fixed what is fixed; the amount within the maximum, the recipient on the allow-list.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { sameColombianMobile } from '../../shared/service/colombianMobile';
import type { MoneyMovement, OperationEnvironment, PayOperation } from '../payOperation';
import { readParameter } from '../execution/readParameter';
import { readCallAmount } from './callAmount';
import { fixedFieldProblem } from './fixedFields';
import { guardedText } from './guardedValue';
import { refusal } from './toolAnswer';
import type { RefusalReason } from './toolAnswer';
import { readToolSettings } from './toolSettings';
import type { ToolSettings } from './toolSettings';

export type MoneyCallCheck = { refused: IDataObject } | { settings: ToolSettings };

const refused = (reason: RefusalReason, message: string): MoneyCallCheck => ({
	refused: refusal(reason, message),
});

export async function checkMoneyCall(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
	operation: PayOperation,
	money: MoneyMovement,
): Promise<MoneyCallCheck> {
	const settings = readToolSettings(context, env, itemIndex, money);
	if (!settings.allowMoneyMovement)
		return refused(
			'money_not_allowed',
			`The Pay Tool may not ${operation.action.toLowerCase()}: moving money is off for AI agents ("Allow the AI Agent to Move Money" in the node). Nothing was sent; ask the workflow's owner.`,
		);
	if (settings.maxAmount <= 0)
		return refused(
			'no_maximum_amount',
			'The Pay Tool has no "Maximum Amount per Call (COP)" set, so it refuses every payment. Nothing was sent.',
		);
	const fixed = fixedFieldProblem(context, env.node, itemIndex, money, settings);
	if (fixed) return refused(fixed.reason, fixed.message);

	const amount = await readCallAmount(context, env, itemIndex, money);
	if (amount === undefined)
		return refused(
			'amount_unknown',
			'The amount of this payment could not be read, so it cannot be checked against the maximum. Nothing was sent.',
		);
	if (amount > settings.maxAmount)
		return refused(
			'above_maximum',
			`${amount} COP is above this tool's maximum of ${settings.maxAmount} COP per call. Nothing was sent.`,
		);
	const destinationField = money.recipientFields[0];
	const destination = String(
		guardedText(readParameter(context, env, destinationField.name, itemIndex, '')) ?? '',
	).trim();
	const allowed = settings.allowedRecipients;
	if (allowed.length > 0 && !allowed.some((entry) => sameRecipient(entry, destination)))
		return refused(
			'recipient_not_allowed',
			`${destinationField.label} "${destination}" is not on this tool's allow-list. Nothing was sent.`,
		);
	return { settings };
}

/** An allow-list entry names the recipient: the same text in any case, or the same mobile. */
function sameRecipient(entry: string, destination: string): boolean {
	return (
		entry.toLowerCase() === destination.toLowerCase() || sameColombianMobile(entry, destination)
	);
}
