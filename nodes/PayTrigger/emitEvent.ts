/**
 * A callback that passed the gate, turned into the workflow's item: a repeat is acknowledged, a
 * payment is checked with the service first (when asked), and the event is remembered so that a
 * copy sent again starts nothing.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import type { CallbackEvent } from '../shared/callback/callbackEvent';
import type { RepeatRecords } from './repeatGuard';
import { confirmedFacts, verifyPaymentState } from './verifyPayment';
import { acknowledge, refuse } from './webhookAnswers';

/** What one callback brings along to its emission. */
export interface CallbackRun {
	event: CallbackEvent;
	body: IDataObject;
	headers: IDataObject;
	options: IDataObject;
	/** The repeat guard's key of the event, and its records (none when the guard is off). */
	key: string;
	repeats?: RepeatRecords;
	readCredentials(): Promise<ICredentialDataDecryptedObject>;
}

export async function emitEvent(
	context: IWebhookFunctions,
	run: CallbackRun,
	started: () => void,
): Promise<IWebhookResponseData> {
	const { event, key, repeats } = run;
	if (repeats?.seenRecently(key)) return acknowledge(context, `repeat of ${key}`);
	const json: IDataObject = { ...event.json, verified: false };
	if (event.kind === 'payment' && run.options.verifyWithApi !== false) {
		let verification;
		try {
			verification = await verifyPaymentState(
				context,
				event.id,
				event.state,
				await run.readCredentials(),
			);
		} catch (error) {
			// The service does not know it: no genuine callback, answered for good, not as an outage.
			if ((error as { httpCode?: string }).httpCode === '404')
				return acknowledge(context, `the service has no payment ${event.id}`);
			// Not emitted unverified: the workflow would trust a claim nobody checked.
			return refuse(
				context,
				503,
				`Could not verify the payment with the service: ${(error as Error).message}`,
			);
		}
		if (!verification.confirmed) {
			return acknowledge(
				context,
				`callback for ${event.id} claims state ${event.state}, the service says ${verification.serviceState}`,
			);
		}
		// What the service said replaces what the callback claimed (amounts, payer), keeping the fields' order.
		Object.assign(json, confirmedFacts(json, verification.payment), {
			verified: true,
			payment: verification.payment,
		});
	}
	repeats?.remember(key);
	started();
	json.body = run.body;
	json.headers = run.headers;
	// Answered here rather than left to n8n: a short JSON instead of n8n's "firstEntryJson" text,
	// and n8n 2.41 saves the repeat record only then (left to n8n, it starts the run first and
	// loses the change). The service sends each callback once, so answering before the run starts
	// loses nothing.
	context.getResponseObject().status(200).json({ received: true });
	return { noWebhookResponse: true, workflowData: [[{ json }]] };
}
