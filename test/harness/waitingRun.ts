/**
 * A Pay node that put its execution to wait, and the callbacks sent to it: each one reaches the
 * node's `webhook()` as n8n's waiting webhooks deliver it, in a WebhookContext built on the saved
 * execution (its run data and custom data), so what the node answers and outputs is n8n's.
 */
import { WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INodeType,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowBase,
} from 'n8n-workflow';

import { captureLogs } from './capturedLogs';
import { makeAdditionalData, runPayNode } from './runWorkflow';
import type { PayNodeRun, RunPayNodeOptions } from './runWorkflow';
import { fakeWebhookExchange } from './webhookRequest';
import type { CallbackRequest } from './webhookRequest';

export interface WaitingAnswer {
	/** The status and body the node answered; n8n's own 200 when it goes on. */
	status: number;
	body: unknown;
	/** The items the execution goes on with; undefined while it waits on. */
	items?: IDataObject[];
	pairedItems?: unknown[];
	logs: string[];
}

export interface WaitingRun extends PayNodeRun {
	/** What the node recorded it waits for: the slugs or the withdrawal id, in item order. */
	waitingFor(): string | undefined;
	/** The execution's custom data, as n8n keeps it (what the wait recorded). */
	customData(): Record<string, string>;
	callback(request: CallbackRequest): Promise<WaitingAnswer>;
}

export async function startWaitingRun(options: RunPayNodeOptions): Promise<WaitingRun> {
	const ran = await runPayNode({ typeVersion: 2, mode: 'webhook', ...options });
	const runExecutionData = ran.run.data;
	const nodeType = ran.workflow.nodeTypes.getByNameAndVersion(
		ran.node.type,
		ran.node.typeVersion,
	) as INodeType;
	return {
		...ran,
		waitingFor() {
			const metadata = runExecutionData.resultData.metadata ?? {};
			return Object.entries(metadata).find(([key]) => key !== 'pay_waiting_token')?.[1];
		},
		customData() {
			return (runExecutionData.resultData.metadata ?? {}) as Record<string, string>;
		},
		async callback(request) {
			const { httpRequest, httpResponse, recorded } = fakeWebhookExchange(request, 2);
			const additionalData = makeAdditionalData(ran.credentials, 'waiting-execution', {
				id: ran.workflow.id,
			} as IWorkflowBase);
			Object.assign(additionalData, { httpRequest, httpResponse });
			const webhookData = {
				httpMethod: 'POST',
				node: ran.node.name,
				// The node's own resume path, …/{execution id}/{node id} (Pay.node.ts).
				path: ran.node.id,
				webhookDescription: { name: 'default', restartWebhook: true, isFullPath: true },
				workflowId: ran.workflow.id,
			} as unknown as IWebhookData;
			const context = new WebhookContext(
				ran.workflow,
				ran.node,
				additionalData,
				'webhook',
				webhookData,
				[],
				runExecutionData,
			);
			const logs = captureLogs(context);
			const result = await (
				nodeType.webhook as (this: WebhookContext) => Promise<IWebhookResponseData>
			).call(context);
			const resumed = result.workflowData?.[0];
			return {
				status: recorded.answer?.status ?? 200,
				body: recorded.answer?.body,
				items: resumed?.map((item) => item.json),
				pairedItems: resumed?.map((item) => item.pairedItem),
				logs,
			};
		},
	};
}
