/**
 * How the Pay Trigger answers a callback. One it does not turn into a workflow run is said in
 * n8n's log too: otherwise a callback dropped or refused leaves no trace anyone can read.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

/** A callback refused (4xx, 5xx): the sender should know it was not taken. */
export function refuse(
	context: IWebhookFunctions,
	status: number,
	message: string,
): IWebhookResponseData {
	context.getResponseObject().status(status).json({ received: false, message });
	context.logger.warn(`Pay Trigger refused a callback: ${message}`);
	return { noWebhookResponse: true };
}

/** A callback taken but starting nothing: 200, so the service does not send it again. */
export function acknowledge(context: IWebhookFunctions, note: string): IWebhookResponseData {
	context.getResponseObject().status(200).json({ received: true, note });
	context.logger.info(`Pay Trigger dropped a callback: ${note}`);
	return { noWebhookResponse: true };
}

/**
 * A callback that starts the workflow with `json`. Answered here rather than left to n8n: a short
 * JSON instead of n8n's "firstEntryJson" text, and n8n 2.41 saves the repeat record only then
 * (left to n8n, it starts the run first and loses the change). The service sends each callback
 * once, so answering before the run starts loses nothing.
 */
export function start(context: IWebhookFunctions, json: IDataObject): IWebhookResponseData {
	context.getResponseObject().status(200).json({ received: true });
	return { noWebhookResponse: true, workflowData: [[{ json }]] };
}
