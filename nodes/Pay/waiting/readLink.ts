/**
 * How a waiting node reads a link the execution waits for (`GET /pay_detail/`), and reads it again
 * for a few seconds when a callback came but the service does not show a final state yet: the
 * service's read can lag behind the change it called back about, and it calls back only once.
 */
import { sleep } from 'n8n-workflow';
import type { ICredentialDataDecryptedObject, IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { payApiRequest } from '../../shared/transport';
import { linkStateOf } from './linkOutcome';
import { FINAL_PAYMENT_OUTCOMES } from './waitOutcome';

/**
 * The pauses before each read after the first, while the link is not final: 5 s in all, well
 * inside the time a sender waits for its answer. Tests shorten them.
 */
export const READ_AGAIN = { pausesMs: [500, 1000, 1500, 2000] };

export function isFinal(state: number | null): boolean {
	return state !== null && FINAL_PAYMENT_OUTCOMES[state] !== undefined;
}

export async function readLink(
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

/** The link as the service shows it: read once when final, else again after each pause. */
export async function readLinkUntilFinal(
	context: IWebhookFunctions,
	slug: string,
	credentials: ICredentialDataDecryptedObject,
): Promise<IDataObject> {
	let link = await readLink(context, slug, credentials);
	for (const pauseMs of READ_AGAIN.pausesMs) {
		if (isFinal(linkStateOf(link))) break;
		await sleep(pauseMs);
		link = await readLink(context, slug, credentials);
	}
	return link;
}
