/**
 * The Pay Tool's gate. n8n gives every action node an AI-tool twin (`usableAsTool`); the node
 * cannot ask n8n to approve the twin's calls nor keep a field away from the model. So when the node
 * runs as a tool (its type ends in `Tool`), this gate decides, before anything is sent, whether a
 * call that moves money may go: only when the user allowed it, within the user's limits, with the
 * amount and the recipient the user fixed unless the user let the agent choose them.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { movedNothing } from '../../shared/transport';
import type { ItemOutcome } from '../../shared/transport';
import type { ItemResult } from '../execution/itemOutput';
import { readParameter } from '../execution/readParameter';
import type { OperationEnvironment, PayOperation } from '../payOperation';
import { callCountScope, countMoneyCall, moneyCallsMade, uncountMoneyCall } from './callCounter';
import { checkMoneyCall } from './moneyCallCheck';
import { refusal, withoutSecrets } from './toolAnswer';

/** Parameters an agent must never see the values of, hidden in the tool's answer too. */
const SECRET_PARAMETERS = ['cvv', 'otp'];

/** A call the gate refused: the answer the agent gets instead. Nothing was sent. */
export interface RefusedCall {
	refused: IDataObject;
}

/** A call the gate let through, then answered and settled. */
export interface ToolCall {
	/** The operation's output as the agent gets it: nothing secret in it. */
	answer(output: ItemResult): Promise<ItemResult>;
	/** The call failed so: a money-moving call that moved nothing gives its place back. */
	settle(outcome: ItemOutcome): void;
}

/**
 * The gate for this item's call, when the node runs as an AI agent's tool (the item pipeline opens
 * one only then: `runsAsTool`).
 */
export async function openToolCall(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	resource: string,
	operation: PayOperation,
	itemIndex: number,
): Promise<ToolCall | RefusedCall> {
	const { money, toolUse } = operation;
	if (toolUse !== undefined)
		return {
			refused: refusal(
				'not_available_to_agents',
				`${operation.name} of ${resource}s is not available to AI agents: ${toolUse.refused}. Nothing was sent.`,
			),
		};
	const hidden = SECRET_PARAMETERS.map((name) =>
		readParameter(context, env, name, itemIndex, ''),
	).filter((value): value is string => typeof value === 'string');
	const answer = async (output: ItemResult) =>
		withoutSecrets(output, await env.credentials(itemIndex), hidden);
	if (!money) return { answer, settle: () => undefined };

	const checked = await checkMoneyCall(context, env, itemIndex, operation, money);
	if ('refused' in checked) return { refused: checked.refused };
	const executionId = context.getExecutionId() ?? `run-${env.runIndex}`;
	const scope = callCountScope(context.getWorkflow().id ?? '', executionId, env.node.name);
	const maxCalls = checked.settings.maxCallsPerExecution;
	// Checked and counted in one step, with no wait between: calls the agent makes in parallel
	// cannot both slip under the limit.
	if (moneyCallsMade(scope) >= maxCalls)
		return {
			refused: refusal(
				'call_limit',
				`This tool may move money at most ${maxCalls} time(s) per execution, and that many calls were made. Nothing was sent.`,
			),
		};
	countMoneyCall(scope);
	return {
		answer,
		// Refused by the service, never sent, or a repeat of a call already sent (the model
		// retrying): nothing moved this time. A call the service shows went through keeps its place.
		settle: (outcome) => {
			if (movedNothing(outcome)) uncountMoneyCall(scope);
		},
	};
}
