import type { ICredentialDataDecryptedObject, IHttpRequestHelper } from 'n8n-workflow';

import { readBaseUrl } from './baseUrl';
import { peelJson } from './jsonLayers';
import { tooShortSecret } from './secretLength';
import { describeTokenFailure, tokenFetchError } from './tokenFailure';

/**
 * The access token the credential's requests carry: the one pasted, or one the service gives for
 * the refresh token. Every failure is an error that names what to check and holds no secret.
 */
export async function obtainAccessToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<string> {
	// Refused before a token is asked for, so in the credential's test too (tooShortSecret).
	const tooShort = tooShortSecret(credentials);
	if (tooShort)
		throw tokenFetchError({ message: `Could not obtain an access token: ${tooShort}` }, []);
	if (credentials.authMethod === 'accessToken') {
		return credentials.accessToken as string;
	}
	const secrets = [credentials.apiKey, credentials.refreshToken, credentials.accessToken];
	const base = readBaseUrl(credentials.baseUrl);
	if (!base.ok) throw tokenFetchError({ message: base.problem }, secrets);
	let response: unknown;
	try {
		response = await helper.helpers.httpRequest({
			method: 'POST',
			url: `${base.url}/token/refresh/`,
			headers: { 'x-api-key': credentials.apiKey as string },
			body: { refresh: credentials.refreshToken },
			json: true,
			// A redirect would carry the API key and refresh token to wherever it points.
			disableFollowRedirect: true,
		});
	} catch (error) {
		// The raw client error carries the request headers (the API key): only its facts travel on.
		throw tokenFetchError(describeTokenFailure(error), secrets);
	}
	const answer = decodeAnswer(response);
	const access = (answer as { access?: unknown } | undefined)?.access;
	if (typeof access === 'string' && access !== '') return access;
	if (answer !== null && typeof answer === 'object') {
		throw tokenFetchError(
			{
				message:
					'The service did not return an access token for this refresh token: check the API key and the refresh token',
			},
			secrets,
		);
	}
	// An HTML page or other text: something answered at the Base URL, but not this service.
	throw tokenFetchError(
		{
			message:
				"Could not obtain an access token: the Base URL answered with something other than the service's JSON. Check the Base URL.",
		},
		secrets,
	);
}

/**
 * The refresh endpoint answers `{access}`; some deployments double-encode JSON answers. Text that
 * is no JSON: undefined.
 */
function decodeAnswer(response: unknown): unknown {
	const peeled = peelJson(response, 3);
	return peeled.ok ? peeled.value : undefined;
}
