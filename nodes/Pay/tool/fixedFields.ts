/**
 * Amount and recipient are the values the user fixed, unless the user let the agent choose them.
 *
 * Fixed means typed in the node. An expression is where an agent's call gets in: n8n hands the
 * tool's input item the model's arguments, so even `{{ $json.amount }}` can be the model's. A fixed
 * field holding an expression is refused as the user's set-up mistake.
 *
 * A call that asks for another value than the fixed one is refused, not quietly paid with the fixed
 * value: the agent would otherwise tell its user it paid what it asked for. A refusal naming the
 * fixed value lets it tell the truth. (n8n passes on only the arguments its tool schema names, so
 * this is rare; the expression rule above is what keeps the model out.)
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { guardedText } from './guardedValue';
import type { GuardedField, MoneyMovement } from '../payOperation';
import type { RefusalReason } from './toolAnswer';
import { recipientSwitchLabel } from './toolSettings';
import type { ToolSettings } from './toolSettings';

export interface FixedFieldProblem {
	reason: RefusalReason;
	message: string;
}

export function fixedFieldProblem(
	context: IExecuteFunctions,
	node: INode,
	itemIndex: number,
	money: MoneyMovement,
	settings: ToolSettings,
): FixedFieldProblem | undefined {
	const fixed: Array<{ field: GuardedField; switchName: string }> = [];
	if ('field' in money.amountFrom && !settings.agentChoosesAmount)
		fixed.push({ field: money.amountFrom.field, switchName: 'Let the Agent Choose the Amount' });
	if (!settings.agentChoosesRecipient)
		for (const field of money.recipientFields)
			fixed.push({ field, switchName: recipientSwitchLabel(money) });

	const toolInput = (context.getInputData()[itemIndex]?.json ?? {}) as IDataObject;
	for (const { field, switchName } of fixed) {
		const typed = guardedText(node.parameters[field.name]);
		if (typeof typed === 'string' && typed.startsWith('='))
			return {
				reason: 'fixed_field_mapped',
				message: `${field.label} is mapped with an expression, which an AI agent's call can change. The workflow's owner must type a fixed value, or turn on "${switchName}". Nothing was sent.`,
			};
		const asked = askedValue(toolInput, field.name);
		if (asked !== undefined && !sameValue(asked, typed))
			return {
				reason: 'fixed_value',
				message: `${field.label} is fixed at ${String(typed)} by the workflow's owner; the agent cannot change it (it asked for ${String(asked)}). Nothing was sent.`,
			};
	}
	return undefined;
}

/** The model's argument for a field, under the parameter's name or its snake_case form. */
function askedValue(toolInput: IDataObject, name: string): unknown {
	const snake = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
	return toolInput[name] ?? toolInput[snake];
}

function sameValue(asked: unknown, typed: unknown): boolean {
	const text = (value: unknown) => String(value ?? '').trim();
	if (typeof typed === 'number') return Number(text(asked).replace(/,/g, '')) === typed;
	return text(asked).toLowerCase() === text(typed).toLowerCase();
}
