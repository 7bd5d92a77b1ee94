/**
 * The Pay Tool's gate. n8n gives every action node an AI-tool twin (`usableAsTool`); the node cannot
 * ask n8n to approve the twin's calls nor keep a field away from the model. So when the node runs as
 * a tool (its type ends in `Tool`), this gate decides, before anything is sent, whether a call that
 * moves money may go: only when the user allowed it, within the user's limits, with the amount and
 * the recipient the user fixed unless the user let the agent choose them.
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { readErrorFacts } from '../../shared/errorFacts';
import { isAlreadySent } from '../../shared/transport/earlierSend';
import type { PayOperation } from '../actions/types';
import { runsAsTool } from '../execution/derivedReference';
import { readParameter } from '../execution/readParameter';
import { callCountScope, countMoneyCall, moneyCallsMade, uncountMoneyCall } from './callCounter';
import { fixedFieldProblem } from './fixedFields';
import { guardedText } from './guardedValue';
import { readCallAmount } from './callAmount';
import { refusal, withoutSecrets } from './toolAnswer';
import { readToolSettings } from './toolSettings';

/** Parameters an agent must never see the values of, hidden in the tool's answer too. */
const SECRET_PARAMETERS = ['cvv', 'otp'];

/** The operation as the router runs it: unchanged in a workflow, behind the gate when run as a tool. */
export function gateForTool(
	context: IExecuteFunctions,
	node: INode,
	resource: string,
	operation: PayOperation | undefined,
): PayOperation | undefined {
	if (!operation || !runsAsTool(node.type)) return operation;
	const { money, toolUse } = operation;
	return {
		...operation,
		async execute(this: IExecuteFunctions, itemIndex, env) {
			if (toolUse !== undefined)
				return refusal(
					'not_available_to_agents',
					`${operation.name} of ${resource}s is not available to AI agents: ${toolUse.refused}. Nothing was sent.`,
				);
			const hidden = SECRET_PARAMETERS.map((name) =>
				readParameter(context, env, name, itemIndex, ''),
			).filter((value): value is string => typeof value === 'string');
			const answer = async () =>
				withoutSecrets(
					await operation.execute.call(this, itemIndex, env),
					await env.credentials(itemIndex),
					hidden,
				);
			if (!money) return await answer();

			const settings = readToolSettings(context, env, itemIndex, money);
			if (!settings.allowMoneyMovement)
				return refusal(
					'money_not_allowed',
					`The Pay Tool may not ${operation.action.toLowerCase()}: moving money is off for AI agents ("Allow the AI Agent to Move Money" in the node). Nothing was sent; ask the workflow's owner.`,
				);
			if (settings.maxAmount <= 0)
				return refusal(
					'no_maximum_amount',
					'The Pay Tool has no "Maximum Amount per Call (COP)" set, so it refuses every payment. Nothing was sent.',
				);
			const fixed = fixedFieldProblem(context, node, itemIndex, money, settings);
			if (fixed) return refusal(fixed.reason, fixed.message);

			const amount = await readCallAmount(context, env, itemIndex, money);
			if (amount === undefined)
				return refusal(
					'amount_unknown',
					'The amount of this payment could not be read, so it cannot be checked against the maximum. Nothing was sent.',
				);
			if (amount > settings.maxAmount)
				return refusal(
					'above_maximum',
					`${amount} COP is above this tool's maximum of ${settings.maxAmount} COP per call. Nothing was sent.`,
				);
			const destinationField = money.recipientFields[0];
			const destination = String(
				guardedText(readParameter(context, env, destinationField.name, itemIndex, '')) ?? '',
			).trim();
			const allowed = settings.allowedRecipients.map((value) => value.toLowerCase());
			if (allowed.length > 0 && !allowed.includes(destination.toLowerCase()))
				return refusal(
					'recipient_not_allowed',
					`${destinationField.label} "${destination}" is not on this tool's allow-list. Nothing was sent.`,
				);

			const executionId = context.getExecutionId() ?? `run-${env.runIndex}`;
			const scope = callCountScope(context.getWorkflow().id ?? '', executionId, node.name);
			// Checked and counted in one step, with no wait between: calls the agent makes in parallel cannot both slip under the limit.
			if (moneyCallsMade(scope) >= settings.maxCallsPerExecution)
				return refusal(
					'call_limit',
					`This tool may move money at most ${settings.maxCallsPerExecution} time(s) per execution, and that many calls were made. Nothing was sent.`,
				);
			countMoneyCall(scope);
			const settled = await answer().then(
				(output) => ({ output }),
				(error: unknown) => ({ error }),
			);
			if ('output' in settled) return settled.output;
			// Refused by the service, never sent, or a repeat of a call already sent (the model retrying):
			// nothing moved this time, so the call gives its place back. A call whose lost answer the
			// service shows went through did move money: it keeps its place.
			const { outcome } = readErrorFacts(settled.error);
			const sentEarlier = isAlreadySent(settled.error) && settled.error.outcome === 'already_sent';
			if (outcome === 'refused' || outcome === 'not_sent' || sentEarlier) uncountMoneyCall(scope);
			throw settled.error;
		},
	};
}
