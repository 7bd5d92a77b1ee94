/**
 * A payment callback to the execution that created the link. The callback is a signal, the service
 * is the truth: the link is read (`GET /pay_detail/`) and believed only in the state the service
 * gives. The execution goes on once every link it waits for is in a final state, each read from the
 * service, one output item per input item.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import type { CallbackEvent } from '../../shared/callback/callbackEvent';
import { PAID_STATE, paymentStateLabel } from '../../shared/service/states';
import { payApiRequest } from '../../shared/transport/request';
import { linkOutcome, linkStateOf, NOT_CREATED } from './linkOutcome';
import { keepWaiting, refuseCallback } from './waitAnswers';
import { FINAL_PAYMENT_OUTCOMES } from './waitOutcome';

export async function resumePaymentWait(
	context: IWebhookFunctions,
	event: CallbackEvent,
	slugs: string[],
	credentials: ICredentialDataDecryptedObject,
): Promise<IWebhookResponseData> {
	if (event.kind !== 'payment' || !slugs.includes(event.id))
		return refuseCallback(context, 401, 'Not a payment link this execution waits for');
	const read = async (slug: string) => await readLink(context, slug, credentials);
	const links = new Map<string, IDataObject>();
	try {
		links.set(event.id, await read(event.id));
	} catch (error) {
		return unreadable(context, event.id, error);
	}
	const state = linkStateOf(links.get(event.id));
	if (!confirms(event, state))
		return refuseCallback(
			context,
			401,
			`The service does not confirm the callback: it gives ${event.id} as ${paymentStateLabel(state)}, the callback as ${paymentStateLabel(event.state)}`,
		);
	if (!isFinal(state))
		return keepWaiting(context, `${event.id} is ${paymentStateLabel(state)}: still waiting`);

	for (const slug of slugs) {
		if (slug === '' || links.has(slug)) continue;
		try {
			links.set(slug, await read(slug));
		} catch (error) {
			return unreadable(context, slug, error);
		}
	}
	const pending = slugs.filter((slug) => slug !== '' && !isFinal(linkStateOf(links.get(slug))));
	if (pending.length > 0)
		return keepWaiting(
			context,
			`${event.id} is ${paymentStateLabel(state)}; still waiting for ${pending.join(', ')}`,
		);
	const pageBaseUrl = typeof credentials.pageBaseUrl === 'string' ? credentials.pageBaseUrl : '';
	const items = slugs.map((slug, index) => outputItem(links.get(slug), index, pageBaseUrl.trim()));
	return { workflowData: [items] };
}

async function readLink(
	context: IWebhookFunctions,
	slug: string,
	credentials: ICredentialDataDecryptedObject,
): Promise<IDataObject> {
	const answer = await payApiRequest.call(context, {
		credentials,
		method: 'GET',
		path: `/pay_detail/${encodeURIComponent(slug)}`,
		safety: 'read',
		action: 'reading the payment link the execution waits for',
	});
	return (typeof answer === 'object' && answer !== null ? answer : {}) as IDataObject;
}

/** The claimed state must be the service's; a callback without one must at least agree on paid. */
function confirms(event: CallbackEvent, serviceState: number | null): boolean {
	if (serviceState === null) return false;
	if (event.state !== null) return event.state === serviceState;
	return event.json.paid === (serviceState === PAID_STATE);
}

function isFinal(state: number | null): boolean {
	return state !== null && FINAL_PAYMENT_OUTCOMES[state] !== undefined;
}

function outputItem(
	link: IDataObject | undefined,
	index: number,
	pageBaseUrl: string,
): INodeExecutionData {
	const json = link === undefined ? NOT_CREATED : linkOutcome(link, pageBaseUrl);
	return { json, pairedItem: { item: index } };
}

/** Answered 503: the execution waits on, and the sender (or its next callback) may try again. */
function unreadable(
	context: IWebhookFunctions,
	slug: string,
	error: unknown,
): IWebhookResponseData {
	const message = (error as Error)?.message ?? String(error);
	context.getResponseObject().status(503).json({ received: false, message });
	context.logger.warn(
		`Pay keeps waiting: the service could not be read for ${slug} (${message}), so the callback is not believed yet`,
	);
	return { noWebhookResponse: true };
}
