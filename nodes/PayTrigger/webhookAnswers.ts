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
 * A callback that starts the workflow with `json`. n8n answers it, 200 with `{"received": true}`,
 * once it has registered the run, as it answers for its own Webhook node: a callback n8n could not
 * take is not acknowledged, and a burst of callbacks goes at the pace n8n takes them. (Answered
 * before, the runs piled up in n8n: about 25 ms more of its CPU per callback in the Trigger
 * benchmark, bench/triggerLoad.ts.) The node's webhook sets `responseData` empty, else n8n's
 * answer would be the text "firstEntryJson".
 *
 * `beforeAnswer` runs as n8n reads the answer, after it has registered the run and before it saves
 * the static data: n8n 2.41 clears the static data's changed mark while registering the run, so
 * what is put there again then is saved.
 */
export function start(json: IDataObject, beforeAnswer: () => void): IWebhookResponseData {
	return {
		workflowData: [[{ json }]],
		get webhookResponse() {
			beforeAnswer();
			return { received: true };
		},
	};
}
