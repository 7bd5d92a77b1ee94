/**
 * One attempt of a request on the wire: sent with the credential, the access token asked for by
 * one request at a time and renewed once after a 401, the answer read into a value or a failure,
 * and the credential's secrets masked in whatever is kept. Retries and messages are the caller's
 * (request.ts).
 */
import type {
	IAdditionalCredentialOptions,
	ICredentialDataDecryptedObject,
	IN8nHttpFullResponse,
	INode,
} from 'n8n-workflow';

import { NodeOperationError } from 'n8n-workflow';

import { readBaseUrl } from '../../../../credentials/baseUrl';
import { PayApi, SESSION_TOKEN_FIELD } from '../../../../credentials/PayApi.credentials';
import { SHORTEST_SECRET, tooShortSecret } from '../../../../credentials/secretLength';
import { setErrorFacts } from '../terms/errorFacts';
import { describeClientError } from './failure';
import type { RequestFailure } from './failure';
import { readResponse } from './readResponse';
import type { AttemptResult } from './readResponse';
import { redactSecretForms, redactWords, secretMask } from './redact';
import type { TextMask } from './redact';
import { CREDENTIAL_NAME } from '../terms/requestTypes';
import type { BuiltRequest, PayContext, TransportSettings } from '../terms/requestTypes';

/** What every attempt of one request is sent with. */
export interface Connection {
	context: PayContext;
	credentials: ICredentialDataDecryptedObject;
	authentication: IAdditionalCredentialOptions;
	baseUrl: string;
	settings: TransportSettings;
}

export type { AttemptResult } from './readResponse';

export function connect(
	context: PayContext,
	node: INode,
	credentials: ICredentialDataDecryptedObject,
	settings: TransportSettings,
): Connection {
	const base = readBaseUrl(credentials.baseUrl);
	if (!base.ok) throw baseUrlError(node, base.problem);
	refuseShortSecrets(node, credentials);
	return {
		context,
		credentials,
		authentication: authenticationWith(node, credentials),
		baseUrl: base.url,
		settings,
	};
}

function baseUrlError(node: INode, problem: string): NodeOperationError {
	const error = new NodeOperationError(node, problem, {
		description: 'Nothing was sent to the service. Correct the Base URL in the Pay API credential.',
	});
	setErrorFacts(error, { outcome: 'not_sent', field: 'Base URL' });
	return error;
}

/** Sends; after a 401, renews the token and sends again with a new one (a 401 did nothing). */
export async function attempt(
	connection: Connection,
	request: BuiltRequest,
): Promise<AttemptResult> {
	const { credentials } = connection;
	try {
		// While the credential's first token is being obtained, the others wait (firstTokenRequestOf).
		const firstRequest = firstTokenRequestOf(credentials);
		if (firstRequest) await firstRequest;
		const tokenUsed = credentials[SESSION_TOKEN_FIELD];
		const sending = send(connection, request);
		if (!firstRequest) noteFirstTokenRequest(credentials, tokenUsed, sending);
		let response = await sending;
		let renewal: RenewalResult | undefined;
		if (response.statusCode === 401) {
			renewal = await renewOnce(
				credentials,
				tokenUsed,
				async () => await renewAccessToken(connection),
				{ renewed: true },
			);
			// Only with a new token: the old one would fail again, or was refused for another reason.
			if (renewal.renewed && credentials[SESSION_TOKEN_FIELD] !== tokenUsed)
				response = await send(connection, request);
		}
		return renewal?.credentialFailure
			? { ok: false, failure: renewal.credentialFailure }
			: readMasked(response, maskerFor(credentials, request.sensitive));
	} catch (error) {
		return { ok: false, failure: describeClientError(error) };
	}
}

/**
 * Sends once. HTTP failures come back as responses (not thrown) so that their status, headers
 * (`Retry-After`) and body stay whole: n8n's error wrapper would keep only part of them.
 */
async function send(
	{ context, authentication, baseUrl, settings }: Connection,
	request: BuiltRequest,
): Promise<IN8nHttpFullResponse> {
	return (await context.helpers.httpRequestWithAuthentication.call(
		context,
		CREDENTIAL_NAME,
		{
			method: request.method,
			url: requestUrl(baseUrl, request.path),
			body: request.body,
			qs: request.qs,
			json: true,
			timeout: settings.timeoutMs,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			// A redirect would take the API key and token to wherever it points (see redirectFailure).
			disableFollowRedirect: true,
		},
		authentication,
	)) as IN8nHttpFullResponse;
}

/**
 * n8n renews an expirable credential only when a request fails with 401 *as an error*, which our
 * full-response requests never do. So after a 401 we make n8n do it on a cheap read that lets the
 * 401 through as an error: n8n calls the credential's preAuthentication (a new access token, saved
 * with the credential) and repeats that read.
 */
async function renewAccessToken({
	context,
	authentication,
	baseUrl,
	settings,
}: Connection): Promise<RenewalResult> {
	try {
		await context.helpers.httpRequestWithAuthentication.call(
			context,
			CREDENTIAL_NAME,
			{
				method: 'GET',
				url: requestUrl(baseUrl, RENEWAL_PROBE_PATH),
				json: true,
				timeout: settings.timeoutMs,
				disableFollowRedirect: true,
			},
			authentication,
		);
		return { renewed: true };
	} catch (error) {
		const failure = describeClientError(error);
		// When the refresh itself failed, its reason is what the user needs, not the original 401.
		return {
			renewed: false,
			credentialFailure: failure.kind === 'credential' ? failure : undefined,
		};
	}
}

interface RenewalResult {
	renewed: boolean;
	credentialFailure?: RequestFailure;
}

/**
 * Hands n8n's HTTP helper the credential the node has already read. Without it the helper reads
 * and decrypts the credential again for every request (a database read in n8n). A token that n8n
 * renews is written into this same object, so the requests after it use the new one.
 */
function authenticationWith(
	node: INode,
	credentials: ICredentialDataDecryptedObject,
): IAdditionalCredentialOptions {
	const stored = node.credentials?.[CREDENTIAL_NAME];
	return {
		credentialsDecrypted: {
			id: stored?.id ?? '',
			name: stored?.name ?? '',
			type: CREDENTIAL_NAME,
			data: credentials,
		},
	};
}

/**
 * The address of a request: the trimmed Base URL and the path, with no "//" in between or inside
 * (the service's CDN answers such a path 404). Slugs are checked before they get here (isSlug).
 */
export function requestUrl(baseUrl: string, path: string): string {
	const queryAt = path.indexOf('?');
	const [pathname, query] =
		queryAt < 0 ? [path, ''] : [path.slice(0, queryAt), path.slice(queryAt)];
	return `${baseUrl}/${pathname.replace(/^\/+/, '').replace(/\/{2,}/g, '/')}${query}`;
}

/** An authenticated read that every account may make and that changes nothing. */
const RENEWAL_PROBE_PATH = '/base/get_constants_key_public/';

/*
 * One token request at a time for each credential. n8n obtains the access token inside its HTTP
 * helper when the credential's token field is empty, and the transport renews it after a 401;
 * neither has a lock, so ten items running at once would each ask the service for a token: ten
 * refreshes where one does, and a service that rotates refresh tokens could refuse all but one.
 * Here the first request that needs a token goes alone while the others wait for it, and one
 * renewal serves every request that the same token failed.
 */

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

/*
 * The answers are masked: the service echoes what it was sent, secrets and all.
 */

/**
 * The fields the credential declares as passwords: none of them may appear in an output, an error
 * or a log.
 */
const SECRET_FIELDS = new PayApi().properties
	.filter((field) => field.typeOptions?.password === true)
	.map((field) => field.name);

function secretsOf(credentials: ICredentialDataDecryptedObject): Array<string | undefined> {
	return SECRET_FIELDS.map((field) => credentials[field]).map((value) =>
		typeof value === 'string' ? value : undefined,
	);
}

/**
 * The mask, worked out once per credential object (one per run of a node) for as long as its
 * secrets stay the same: every answer is masked, and building the mask's pattern for each was a
 * cost per request. A renewed token changes the secrets, and so the mask.
 */
const masksKept = new WeakMap<
	ICredentialDataDecryptedObject,
	{ secrets: string; mask: TextMask | undefined }
>();

function maskOf(
	credentials: ICredentialDataDecryptedObject,
	secrets: Array<string | undefined>,
): TextMask | undefined {
	const key = secrets.join('\u0000');
	const kept = masksKept.get(credentials);
	if (kept?.secrets === key) return kept.mask;
	const mask = secretMask(secrets, SHORTEST_SECRET);
	masksKept.set(credentials, { secrets: key, mask });
	return mask;
}

/**
 * Masks the credential's secrets, and the request's own sensitive values, in whatever it is given:
 * those it held when the request began and, read afresh, a token a renewal put into it since. A
 * token the service issued too short for the pattern (typed ones are refused: connect) is still
 * masked where it stands as a word.
 */
export function maskerFor(
	credentials: ICredentialDataDecryptedObject,
	sensitive: string[] | undefined,
): <T>(value: T) => T {
	const secretsAtStart = secretsOf(credentials);
	return <T>(value: T): T => {
		const secrets = [...secretsAtStart, ...secretsOf(credentials)];
		const short = secrets.filter(
			(secret): secret is string => secret !== undefined && secret.length < SHORTEST_SECRET,
		);
		const words = short.length === 0 ? sensitive : [...(sensitive ?? []), ...short];
		return redactWords(redactSecretForms(value, maskOf(credentials, secrets)), words);
	};
}

/**
 * The answer read with the secrets masked first, so that nothing read from it (a value, the
 * service's words, its code, an excerpt cut short or a redirect's address) can hold one; a body
 * that came as text is masked again once decoded, its JSON escapes undone.
 */
function readMasked(response: IN8nHttpFullResponse, mask: <T>(value: T) => T): AttemptResult {
	const raw: unknown = response.body;
	const body = Buffer.isBuffer(raw) ? raw.toString('utf8') : raw;
	const headers = { ...response.headers };
	for (const name of Object.keys(headers))
		if (name.toLowerCase() === 'location') headers[name] = mask(headers[name]);
	const result = readResponse({
		...response,
		headers,
		body: mask(body) as IN8nHttpFullResponse['body'],
	});
	if (typeof body !== 'string') return result;
	return result.ok
		? { ok: true, value: mask(result.value) }
		: { ok: false, failure: mask(result.failure) };
}

/** A typed secret too short to mask: nothing is sent (the credential's tooShortSecret: why). */
function refuseShortSecrets(node: INode, credentials: ICredentialDataDecryptedObject): void {
	const why = tooShortSecret(credentials);
	if (why === undefined) return;
	const error = new NodeOperationError(node, why, {
		description: 'Nothing was sent to the service. Open the credential and set the full value.',
	});
	setErrorFacts(error, { outcome: 'not_sent' });
	throw error;
}
