/**
 * A payment callback to the execution that created the link, for a link it waits for
 * (resumeWebhook.ts checks both). The callback is a signal, the service
 * is the truth: the link is read (`GET /pay_detail/`) and believed in the state the service gives,
 * whatever state the callback claimed. A read not final yet is repeated for a few seconds
 * (readLink.ts) before the node answers "still waiting". The execution goes on once every link it
 * waits for is in a final state, each read from the service, one output item per input item.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import type { CallbackEvent } from '../../shared/callback/callbackEvent';
import { paymentStateLabel } from '../../shared/service/states';
import { linkStateOf } from './linkOutcome';
import { isFinal, readLink, readLinkUntilFinal } from './readLink';
import { resumedItems } from './resumedItems';
import type { WaitingOperation } from './waitKind';
import { keepWaiting } from './waitAnswers';

export async function resumePaymentWait(
	context: IWebhookFunctions,
	event: CallbackEvent,
	slugs: string[],
	credentials: ICredentialDataDecryptedObject,
	operation: WaitingOperation,
): Promise<IWebhookResponseData> {
	const links = new Map<string, IDataObject>();
	try {
		links.set(event.id, await readLinkUntilFinal(context, event.id, credentials));
	} catch (error) {
		return unreadable(context, event.id, error);
	}
	const state = linkStateOf(links.get(event.id));
	if (event.state !== null && event.state !== state)
		context.logger.info(
			`Pay: the callback gave ${event.id} as ${paymentStateLabel(event.state)}, the service gives ${paymentStateLabel(state)}; the service's state is the one taken`,
		);
	if (!isFinal(state))
		return keepWaiting(context, `${event.id} is ${paymentStateLabel(state)}: still waiting`);

	for (const slug of slugs) {
		if (slug === '' || links.has(slug)) continue;
		try {
			links.set(slug, await readLink(context, slug, credentials));
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
	return { workflowData: [resumedItems(context, slugs, links, pageBaseUrl.trim(), operation)] };
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
