import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { peelJson } from './jsonLayers';
import { describeTokenFailure, tokenFetchError } from './tokenFailure';

/**
 * The hidden, expirable field where n8n keeps the access token that `preAuthentication` returns.
 */
export const SESSION_TOKEN_FIELD = 'sessionToken';

/**
 * Credential of the payment service.
 *
 * Every request carries `x-api-key` and `Authorization: Bearer <access token>`. Access tokens live
 * about 15 minutes, so by default the credential holds the long-lived refresh token and obtains
 * the access token itself: n8n calls `preAuthentication` when the hidden, expirable
 * `sessionToken` is empty and once more after a 401, and stores what it returns.
 */
export class PayApi implements ICredentialType {
	name = 'payApi';

	displayName = 'Pay API';

	icon = 'file:pay.svg' as const;

	// The README's section on this credential: on package.json's homepage once given, until then on
	// the package's npm page. Written by scripts/docsLinks.js (npm run build): edit package.json.
	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-pay#the-credential';

	// Only this package's nodes may use it (n8n 2.41+): the API key and refresh token cannot be
	// borrowed by the HTTP Request node or any other node. Older n8n ignore the property.
	restrictToSupportedNodes = true as const;

	properties: INodeProperties[] = [
		{
			displayName: 'Session Token',
			name: SESSION_TOKEN_FIELD,
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'http://127.0.0.1:4010',
			description:
				"Address of the service: the production host, the service's sandbox host, the local sandbox of this package (`npm run sandbox`, http://127.0.0.1:4010) or a proxy. No trailing path.",
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				"The API key from the account's integration settings, sent as the x-api-key header",
		},
		{
			displayName: 'Authentication Method',
			name: 'authMethod',
			type: 'options',
			options: [
				{
					name: 'Refresh Token (Recommended)',
					value: 'refreshToken',
					description: 'n8n obtains a fresh access token itself and renews it when it expires',
				},
				{
					name: 'Access Token',
					value: 'accessToken',
					description:
						'A pasted access token. It expires after about 15 minutes, so use it only for short tests.',
				},
			],
			default: 'refreshToken',
		},
		{
			displayName: 'Refresh Token',
			name: 'refreshToken',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: "The long-lived refresh token from the account's integration settings",
			displayOptions: { show: { authMethod: ['refreshToken'] } },
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'An access token obtained elsewhere; it expires after about 15 minutes',
			displayOptions: { show: { authMethod: ['accessToken'] } },
		},
		{
			displayName: 'Payment Page Base URL',
			name: 'pageBaseUrl',
			type: 'string',
			default: '',
			placeholder: 'http://127.0.0.1:4010/_sandbox/checkout',
			description:
				'Optional. Address of the hosted checkout page without the slug: the node then adds `payment_page_url` ({this}/{slug}) to payment objects, ready to send to the payer. For the local sandbox: {Base URL}/_sandbox/checkout.',
		},
		{
			displayName: 'Callback Secret',
			name: 'callbackSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'A long random string you make up (for example the output of `openssl rand -hex 32`). The Pay node adds it as the `token` query parameter of every callback URL it sends, and the Pay Trigger refuses callbacks that do not carry it, because the service signs nothing. Needed for callbacks: while it is empty, the Pay node refuses to send a Callback URL (unless its Add Callback Secret option is off).',
		},
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		// Refused before a token is asked for, so in the credential's test too (tooShortSecret).
		const tooShort = tooShortSecret(credentials);
		if (tooShort)
			throw tokenFetchError({ message: `Could not obtain an access token: ${tooShort}` }, []);
		if (credentials.authMethod === 'accessToken') {
			return { [SESSION_TOKEN_FIELD]: credentials.accessToken as string };
		}
		const secrets = [credentials.apiKey, credentials.refreshToken, credentials.accessToken];
		const base = readBaseUrl(credentials.baseUrl);
		if (!base.ok) throw tokenFetchError({ message: base.problem }, secrets);
		let response: unknown;
		try {
			response = await this.helpers.httpRequest({
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
		if (typeof access === 'string' && access !== '') return { [SESSION_TOKEN_FIELD]: access };
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
	 * Every request carries the API key and the access token. A function rather than n8n's generic
	 * expressions: it runs on every request, and evaluating two expressions each time was the
	 * largest cost of the node in the overhead benchmark. A Base URL that would make n8n send
	 * another authentication (a user and password in it) sends nothing: the credential test too.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const base = readBaseUrl(credentials.baseUrl);
		if (!base.ok) throw tokenFetchError({ message: base.problem }, []);
		return {
			...requestOptions,
			headers: {
				...requestOptions.headers,
				'x-api-key': String(credentials.apiKey ?? ''),
				Authorization: `Bearer ${String(credentials[SESSION_TOKEN_FIELD] ?? '')}`,
			},
		};
	}

	// The transfer list is a cheap authenticated read that every account may call.
	test: ICredentialTestRequest = {
		request: {
			// As trimBaseUrl: no "//" in the path, no trailing slash.
			baseURL:
				'={{$credentials.baseUrl.trim().replace(/([^:\\/])\\/\\/+/g, "$1/").replace(/\\/+$/, "")}}',
			url: '/send/',
			method: 'GET',
			disableFollowRedirect: true,
		},
	};
}

let lastTrimmed = { from: '', to: '' };

/**
 * The Base URL as requests use it: pasted spaces and trailing slashes removed, and "//" inside its
 * path made "/" (the service's CDN answers 404 to a path holding "//"); the scheme's "//" stays.
 */
export function trimBaseUrl(baseUrl: unknown): string {
	const text = typeof baseUrl === 'string' ? baseUrl : '';
	// Every request asks, and an instance has one Base URL or few: the last answer is kept.
	if (text !== lastTrimmed.from)
		lastTrimmed = {
			from: text,
			to: withoutTrailingSlashes(text.trim().replace(/([^:/])\/{2,}/g, '$1/')),
		};
	return lastTrimmed.to;
}

export type BaseUrlReading = { ok: true; url: string } | { ok: false; problem: string };

let lastRead: { from: unknown; reading: BaseUrlReading } | undefined;

/**
 * The Base URL as users paste it: spaces around it, trailing slashes and a "//" inside its path
 * are mended (the service's CDN answers 404 to a path holding "//"); a path prefix is kept (a
 * proxy). What cannot be mended is refused naming the Base URL, before anything is sent: a user
 * name or password in it (n8n's client, axios, would send them as Basic authentication in place of
 * the access token, and the service's 401 would seem to blame the API key), a query or a fragment
 * (each request's path would land inside them), a scheme other than http(s), or none.
 */
export function readBaseUrl(value: unknown): BaseUrlReading {
	// Every request asks, as trimBaseUrl: the last answer is kept.
	const kept = lastRead;
	if (kept !== undefined && kept.from === value) return kept.reading;
	const reading = readPasted(value);
	lastRead = { from: value, reading };
	return reading;
}

function readPasted(value: unknown): BaseUrlReading {
	const text = typeof value === 'string' ? value.trim() : '';
	if (text === '') return refused("is empty: give the service's address, e.g. https://host");
	if (!/^https?:\/\//i.test(text))
		return refused(
			'starts with neither https:// nor http://: give the whole address, e.g. https://host',
		);
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return refused('is not a web address (a space or a character a host cannot hold?)');
	}
	if (url.username !== '' || url.password !== '')
		return refused(
			`holds a user name or password before the host (…@${url.host}): remove them. n8n would send them as Basic authentication in place of the credential's access token, and the service would refuse it`,
		);
	if (url.search !== '' || text.includes('?'))
		return refused('has a query (?…): remove it; the node adds each request its own path');
	if (url.hash !== '' || text.includes('#'))
		return refused('has a fragment (#…): remove it and what follows; it is never sent');
	return { ok: true, url: trimBaseUrl(text) };
}

function refused(problem: string): BaseUrlReading {
	return { ok: false, problem: `Base URL: ${problem}` };
}

/** An address with its trailing slashes removed, so that a path can follow it after one "/". */
export function withoutTrailingSlashes(address: string): string {
	return address.replace(/\/+$/, '');
}

/**
 * The refresh endpoint answers `{access}`; some deployments double-encode JSON answers. Text that
 * is no JSON: undefined.
 */
function decodeAnswer(response: unknown): unknown {
	const peeled = peelJson(response, 3);
	return peeled.ok ? peeled.value : undefined;
}

/**
 * How short a secret of the credential may be. The node masks every secret wherever the service
 * echoes it (nodes/shared/transport/redact.ts), which only holds for values long enough to be told
 * from ordinary text: masking a 4-character key everywhere would blank the same letters in slugs,
 * descriptions and amounts, and leaving it unmasked would let it into outputs and logs. A short
 * callback secret is also one a sender can guess. So a shorter one is refused, saying why.
 */
export const SHORTEST_SECRET = 8;

/** The secrets a user types into the credential, as the credential dialog names them. */
const TYPED_SECRETS: Record<string, string> = {
	apiKey: 'API Key',
	refreshToken: 'Refresh Token',
	accessToken: 'Access Token',
	callbackSecret: 'Callback Secret',
};

/** Why the credential cannot be used, when one of its secrets is set but too short to mask. */
export function tooShortSecret(credentials: ICredentialDataDecryptedObject): string | undefined {
	for (const [field, name] of Object.entries(TYPED_SECRETS)) {
		const value = credentials[field];
		if (typeof value !== 'string' || value === '' || value.length >= SHORTEST_SECRET) continue;
		return `The credential's ${name} has ${value.length} characters: at least ${SHORTEST_SECRET} are needed. The node masks the credential's secrets wherever the service echoes them, and a value this short cannot be told apart from ordinary text (a callback secret this short can also be guessed). Use the full value the service gave, or for the Callback Secret a long random one (openssl rand -hex 32).`;
	}
	return undefined;
}
