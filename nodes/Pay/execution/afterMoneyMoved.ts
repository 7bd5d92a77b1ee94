/**
 * An operation that fails after its money-moving request succeeded must not say "nothing was
 * sent": the money moved (or, for the other `once` requests, the state changed). Errors the
 * operations raise themselves carry their outcome; any other (an answer nobody foresaw, a bug) is
 * turned into outcome `unknown`, naming what was carried out.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { readErrorFacts, setErrorFacts } from '../../shared/transport';
import { capitalise } from '../../shared/text';

/**
 * The error the item fails with, given what its requests carried out (`carriedOut`: the action
 * of the last `once` request the service answered, if any).
 */
export function failureAfterMoneyMoved(
	node: INode,
	itemIndex: number,
	carriedOut: string | undefined,
	error: unknown,
): unknown {
	if (carriedOut === undefined || readErrorFacts(error).outcome !== undefined) return error;
	const guarded = new NodeOperationError(
		node,
		`${capitalise(carriedOut)} was carried out, but its output could not be made`,
		{
			itemIndex,
			description: `${(error as Error)?.message ?? String(error)}. The service accepted the request: do not send it again.`,
		},
	);
	setErrorFacts(guarded, { outcome: 'unknown' });
	return guarded;
}
