/**
 * One token request at a time for each credential. n8n obtains the access token inside its HTTP
 * helper when the credential's token field is empty, and the transport renews it after a 401;
 * neither has a lock, so ten items running at once would each ask the service for a token: ten
 * refreshes where one does, and a service that rotates refresh tokens could refuse all but one.
 * Here the first request that needs a token goes alone while the others wait for it, and one
 * renewal serves every request that the same token failed.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { SESSION_TOKEN_FIELD } from '../../../credentials/PayApi.credentials';

type Credentials = ICredentialDataDecryptedObject;

/** The first request of a credential that had no token yet; kept once settled, see below. */
const firstTokenRequests = new WeakMap<Credentials, Promise<unknown>>();
/** The renewal under way, and the token whose refusal started it. */
const renewalsUnderWay = new WeakMap<
	Credentials,
	{ refusedToken: unknown; renewal: Promise<unknown> }
>();

/**
 * Sends, and says with which token. While the credential's first token is being obtained, waits
 * for that request to end. If it failed, the others do not queue behind each other: each then
 * tries for itself, as n8n would, so an unreachable service costs one timeout, not one per item.
 */
export async function sendWithToken<T>(
	credentials: Credentials,
	send: () => Promise<T>,
): Promise<{ result: T; tokenUsed: unknown }> {
	const firstRequest = firstTokenRequests.get(credentials);
	if (firstRequest) await firstRequest.then(ignore, ignore);
	const tokenUsed = credentials[SESSION_TOKEN_FIELD];
	if (firstRequest || (tokenUsed !== undefined && tokenUsed !== ''))
		return { result: await send(), tokenUsed };
	const sending = send();
	firstTokenRequests.set(credentials, sending);
	return { result: await sending, tokenUsed };
}

/**
 * After a 401 with `refusedToken`: renews once for all the requests that token failed. When the
 * token was replaced while the request was under way, there is nothing to renew: `alreadyRenewed`.
 * A renewal is shared only while under way, so one that failed can be tried again by later
 * requests.
 */
export async function renewOnce<R>(
	credentials: Credentials,
	refusedToken: unknown,
	renew: () => Promise<R>,
	alreadyRenewed: R,
): Promise<R> {
	if (credentials[SESSION_TOKEN_FIELD] !== refusedToken) return alreadyRenewed;
	const underWay = renewalsUnderWay.get(credentials);
	if (underWay && underWay.refusedToken === refusedToken) return (await underWay.renewal) as R;
	const renewal = renew();
	renewalsUnderWay.set(credentials, { refusedToken, renewal });
	try {
		return await renewal;
	} finally {
		if (renewalsUnderWay.get(credentials)?.renewal === renewal)
			renewalsUnderWay.delete(credentials);
	}
}

function ignore(): void {}
