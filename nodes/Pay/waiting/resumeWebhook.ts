/**
 * A callback to a waiting Pay node (n8n calls `webhook()` with it): the wait's token first, then
 * the body, then the operation's wait kind (waitKind.ts): a callback of that kind, for an id the
 * execution waits for, resumed the kind's way. A wait begun by an earlier version of the package
 * (its link carries the credential's Callback Secret, its record no token) is still opened by that
 * secret.
 */
import type {
	ICredentialDataDecryptedObject,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { parseCallback } from '../../shared/callback/callbackEvent';
import { CallbackCredentials } from '../../shared/callback/credentialCache';
import { rawBodyOf, readCallbackBody } from '../../shared/callback/readCallbackBody';
import type { RawBodySource } from '../../shared/callback/readCallbackBody';
import { callbackSecretOf, carriesSecret } from '../../shared/service/callbackSecret';
import type { WaitingOperation } from './waitKind';
import { refuseCallback } from './waitAnswers';
import { readWait } from './waitRecord';
import { carriesWaitToken, WAIT_TOKEN_PARAMETER } from './waitToken';

/** `operation`: the node's operation, when it is one that waits. */
export async function answerCallbackToWaitingRun(
	this: IWebhookFunctions,
	operation: WaitingOperation | undefined,
): Promise<IWebhookResponseData> {
	if (operation === undefined)
		return refuseCallback(this, 404, 'This Pay node waits for no callback');
	const record = readWait(this, operation.waits);
	const carried = (this.getQueryData() as Record<string, unknown>)[WAIT_TOKEN_PARAMETER];
	const credentials = await openedWith(this, carried, record.tokenDigest);
	if (credentials === undefined)
		return refuseCallback(this, 401, 'Missing or wrong token of this wait');

	const headers = this.getHeaderData() as Record<string, unknown>;
	const reading = readCallbackBody(
		this.getBodyData(),
		await rawBodyOf(this.getRequestObject() as RawBodySource),
		String(headers['content-type'] ?? ''),
	);
	if (!reading.ok) return refuseCallback(this, 400, reading.problem);
	const parsed = parseCallback(reading.body);
	if (!parsed.ok) return refuseCallback(this, 400, parsed.problem);
	const { event } = parsed;
	const kind = operation.waits;
	if (event.kind !== kind.callbackKind || !record.ids.includes(event.id))
		return refuseCallback(this, 401, kind.notWaitedFor);
	return await kind.resume(this, event, record.ids, credentials, operation);
}

/** The credential, when the callback carries the wait's token (for an older wait, the secret). */
async function openedWith(
	context: IWebhookFunctions,
	carried: unknown,
	tokenDigest: string,
): Promise<ICredentialDataDecryptedObject | undefined> {
	// Kept a few seconds, as the Pay Trigger keeps it: n8n's read costs it about 100 ms of CPU.
	const cache = new CallbackCredentials(context);
	if (tokenDigest !== '')
		return carriesWaitToken(carried, tokenDigest) ? await cache.read() : undefined;
	const credentials = await cache.readForSecret(carried);
	return carriesSecret(carried, callbackSecretOf(credentials)) ? credentials : undefined;
}
