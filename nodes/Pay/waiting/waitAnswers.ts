/**
 * How the Pay node answers a callback to its waiting execution when the execution goes on waiting.
 * Said in n8n's log too: a callback refused or waited through leaves a trace anyone can read.
 */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

/** Not believed (401, 400): the execution waits on, its time limit unchanged. */
export function refuseCallback(
	context: IWebhookFunctions,
	status: number,
	message: string,
): IWebhookResponseData {
	context.getResponseObject().status(status).json({ received: false, message });
	context.logger.warn(`Pay refused a callback to a waiting execution: ${message}`);
	return { noWebhookResponse: true };
}

/**
 * Believed, but no final state yet: 200, so the sender does not repeat it; the execution waits on.
 */
export function keepWaiting(context: IWebhookFunctions, note: string): IWebhookResponseData {
	context.getResponseObject().status(200).json({ received: true, note });
	context.logger.info(`Pay keeps waiting: ${note}`);
	return { noWebhookResponse: true };
}
