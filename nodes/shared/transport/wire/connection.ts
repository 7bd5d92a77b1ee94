/**
 * One attempt of a request on the wire: sent with the credential, the access token asked for by
 * one request at a time and renewed once after a 401 (tokenSingleFlight.ts), the answer read into a
 * value or a failure with the credential's secrets masked (maskedAnswer.ts). Retries and messages
 * are the caller's (request/request.ts).
 */
import type {
	IAdditionalCredentialOptions,
	ICredentialDataDecryptedObject,
	IN8nHttpFullResponse,
	INode,
} from 'n8n-workflow';

import { readBaseUrl } from '../../../../credentials/baseUrl';
import { SESSION_TOKEN_FIELD } from '../../../../credentials/PayApi.credentials';
import { describeClientError } from './failure';
import type { RequestFailure } from './failure';
import { baseUrlError, refuseShortSecrets } from './credentialRefusals';
import { maskerFor, readMasked } from './maskedAnswer';
import type { AttemptResult } from './readResponse';
import { firstTokenRequestOf, noteFirstTokenRequest, renewOnce } from './tokenSingleFlight';
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
