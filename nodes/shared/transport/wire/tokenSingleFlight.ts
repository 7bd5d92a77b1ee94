/**
 * One token request at a time for each credential. n8n obtains the access token inside its HTTP
 * helper when the credential's token field is empty, and the transport renews it after a 401;
 * neither has a lock, so ten items running at once would each ask the service for a token: ten
 * refreshes where one does, and a service that rotates refresh tokens could refuse all but one.
 * Here the first request that needs a token goes alone while the others wait for it, and one
 * renewal serves every request that the same token failed.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { SESSION_TOKEN_FIELD } from '../../../../credentials/PayApi.credentials';

type Credentials = ICredentialDataDecryptedObject;

/** The first request of a credential that had no token yet; kept once settled, see below. */
const firstTokenRequests = new WeakMap<Credentials, Promise<void>>();
/** The renewal under way, and the token whose refusal started it. */
const renewalsUnderWay = new WeakMap<
	Credentials,
	{ refusedToken: unknown; renewal: Promise<unknown> }
>();

/**
 * The request that is obtaining the credential's first token, for the others to wait for before
 * they send. Once it has ended they no longer queue behind each other, even when it failed: each
 * then tries for itself, as n8n would, so an unreachable service costs one timeout, not one per
 * item.
 */
export function firstTokenRequestOf(credentials: Credentials): Promise<void> | undefined {
	return firstTokenRequests.get(credentials);
}

/**
 * Notes a request just sent without waiting (no first request was known) as the credential's
 * first, when it went without a token: n8n obtains one inside it. Called in the same turn as the
 * send, with no wait between, so two requests cannot both be first.
 */
export function noteFirstTokenRequest(
	credentials: Credentials,
	tokenUsed: unknown,
	sending: Promise<unknown>,
): void {
	if (tokenUsed === undefined || tokenUsed === '')
		firstTokenRequests.set(credentials, sending.then(ignore, ignore));
}

/**
 * After a 401 with `refusedToken`: renews once for all the requests that token failed. When the
 * token was replaced while the request was under way, there is nothing to renew:
 * `alreadyRenewed`. A renewal is shared only while under way, so one that failed can be tried
 * again by later requests.
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
