import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { obtainAccessToken } from './accessToken';
import { readBaseUrl } from './baseUrl';
import { tokenFetchError } from './tokenFailure';

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
		return { [SESSION_TOKEN_FIELD]: await obtainAccessToken(this, credentials) };
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
