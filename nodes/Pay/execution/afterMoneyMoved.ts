/**
 * An operation that fails after its money-moving request succeeded must not say "nothing was
 * sent": the money moved (or, for the other `once` requests, the state changed). Errors the operations raise themselves carry their outcome; any other
 * (an answer nobody foresaw, a bug) is turned into outcome `unknown`, naming what was carried out.
 */
import { NodeOperationError } from 'n8n-workflow';

import { readErrorFacts, setErrorFacts } from '../../shared/errorFacts';
import { capitalise } from '../../shared/text';
import type { OperationEnvironment } from './operationEnvironment';
import type { ItemResult } from './runItems';

export async function guardAfterMoneyMoved(
	environment: OperationEnvironment,
	itemIndex: number,
	execute: (environment: OperationEnvironment) => Promise<ItemResult>,
): Promise<ItemResult> {
	let carriedOut: string | undefined;
	const watched: OperationEnvironment = {
		...environment,
		request: async (request) => {
			const answer = await environment.request(request);
			if (request.safety === 'once') carriedOut = request.action;
			return answer;
		},
	};
	// Other failures go on as they are; runItems wraps those that are not n8n errors yet.
	const settled = await execute(watched).then(
		(output) => ({ output }),
		(error: unknown) => ({ error }),
	);
	if ('output' in settled) return settled.output;
	const { error } = settled;
	if (carriedOut === undefined || readErrorFacts(error).outcome !== undefined) throw error;
	const guarded = new NodeOperationError(
		environment.node,
		`${capitalise(carriedOut)} was carried out, but its output could not be made`,
		{
			itemIndex,
			description: `${(error as Error)?.message ?? String(error)}. The service accepted the request: do not send it again.`,
		},
	);
	setErrorFacts(guarded, { outcome: 'unknown' });
	throw guarded;
}
