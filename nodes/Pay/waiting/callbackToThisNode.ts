/**
 * The callback URL of a waiting operation, bound to the node that waits, as n8n's own
 * send-and-wait nodes bind theirs: the execution's resume URL (with whatever n8n signs it with)
 * plus `/{node id}`, the path of the node's resume webhook (Pay.node.ts). n8n hands a request on
 * that path only to this node while the execution waits in it; a late callback of an earlier wait
 * meets a 404 rather than resuming a later node. The wait's own token rides along (waitToken.ts).
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { onceForTheRun } from '../execution/readParameter';
import type { OperationEnvironment } from '../execution/operationEnvironment';
import { WAIT_TOKEN_PARAMETER, waitTokenOfRun } from './waitToken';

export async function callbackToThisNode(
	context: IExecuteFunctions,
	env: OperationEnvironment,
): Promise<string> {
	return await onceForTheRun(env, 'callback-to-this-node', async () => {
		const token = await waitTokenOfRun(env);
		const resumeUrl = context.getWorkflowDataProxy(0).$execution.resumeUrl as string;
		return boundToNode(resumeUrl, env.node.id, token);
	});
}

/** `…/webhook-waiting/{execution id}/{node id}?…&token=…`, the query n8n gave kept. */
export function boundToNode(resumeUrl: string, nodeId: string, token: string): string {
	const url = new URL(resumeUrl);
	url.pathname = `${url.pathname.replace(/\/$/, '')}/${encodeURIComponent(nodeId)}`;
	url.searchParams.set(WAIT_TOKEN_PARAMETER, token);
	return url.toString();
}
