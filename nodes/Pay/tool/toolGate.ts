/**
 * The Pay Tool's gate. n8n gives every action node an AI-tool twin (`usableAsTool`); the node
 * cannot ask n8n to approve the twin's calls nor keep a field away from the model. So when the node
 * runs as a tool (its type ends in `Tool`), this gate decides, before anything is sent, whether a
 * call that moves money may go: only when the user allowed it, within the user's limits, with the
 * amount and the recipient the user fixed unless the user let the agent choose them.
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { readErrorFacts } from '../../shared/errorFacts';
import { isAlreadySent } from '../../shared/transport/earlierSend';
import type { OperationEnvironment, PayOperation } from '../actions/types';
import { runsAsTool } from '../execution/derivedReference';
import { readParameter } from '../execution/readParameter';
import type { ItemResult } from '../execution/runItems';
import { callCountScope, countMoneyCall, moneyCallsMade, uncountMoneyCall } from './callCounter';
import { checkMoneyCall } from './moneyCallCheck';
import { refusal, withoutSecrets } from './toolAnswer';

/** Parameters an agent must never see the values of, hidden in the tool's answer too. */
const SECRET_PARAMETERS = ['cvv', 'otp'];

/**
 * The operation as the router runs it: unchanged in a workflow, behind the gate when run as a tool.
 */
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

			const checked = await checkMoneyCall(context, env, itemIndex, operation, money);
			if ('refused' in checked) return checked.refused;
			return await countedCall(context, env, checked.settings.maxCallsPerExecution, answer);
		},
	};
}

/**
 * The call, sent when the execution's money calls are below the limit, counted, and given its
 * place back when nothing moved.
 */
async function countedCall(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	maxCalls: number,
	answer: () => Promise<ItemResult>,
): Promise<ItemResult> {
	const executionId = context.getExecutionId() ?? `run-${env.runIndex}`;
	const scope = callCountScope(context.getWorkflow().id ?? '', executionId, env.node.name);
	// Checked and counted in one step, with no wait between: calls the agent makes in parallel
	// cannot both slip under the limit.
	if (moneyCallsMade(scope) >= maxCalls)
		return refusal(
			'call_limit',
			`This tool may move money at most ${maxCalls} time(s) per execution, and that many calls were made. Nothing was sent.`,
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
}
