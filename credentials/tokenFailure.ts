/**
 * Why the credential could not obtain an access token, as an n8n API error: the message says what
 * failed (with the token endpoint's HTTP status), in the service's own words where it gave any, and
 * which field to check; the description is all the service said. Never a key or a token: the
 * client's error (which carries the request's headers) is read for its status, body and code only,
 * and the service's words are cleared of the credential's secrets should it echo them.
 */
import { NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import { peelJson } from './jsonLayers';

/**
 * n8n's errors belong to a node, and a credential fetching its token has none: this stands for it.
 * n8n hands such an error on as it is (the Pay node's transport reads its words), and the
 * credential dialog shows its message.
 */
const CREDENTIAL_AS_NODE: INode = {
	id: 'payApi',
	name: 'Pay API credential',
	type: 'payApi',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

export interface TokenFailure {
	/** The sentence, which always says "access token" (the Pay node's transport knows it by that). */
	message: string;
	/** What the service said, whole. */
	serviceSaid?: string;
}

export function tokenFetchError(failure: TokenFailure, secrets: unknown[]): NodeApiError {
	const clean = cleaner(secrets);
	const message = clean(failure.message);
	const response: JsonObject = { message };
	if (failure.serviceSaid !== undefined) response.serviceSaid = clean(failure.serviceSaid);
	// No httpCode: n8n wraps this error again where its NodeApiError is another copy of the class
	// (an installed package's), and a wrapped error with a status gets n8n's generic sentence for it
	// ("Authorization failed - please check your credentials") instead of this message.
	const error = new NodeApiError(CREDENTIAL_AS_NODE, response, {
		message,
		description:
			failure.serviceSaid === undefined
				? 'Nothing was sent with this credential.'
				: `The service said: ${clean(failure.serviceSaid)}`,
	});
	// NodeApiError swaps a message that names a connection code (ECONNREFUSED) for a generic one.
	error.message = message;
	return error;
}

/** The client error of the token request, reduced to the sentence and the service's words. */
export function describeTokenFailure(thrown: unknown): TokenFailure {
	const failure = thrown as {
		response?: { status?: number; data?: unknown; headers?: Record<string, unknown> };
		code?: string;
	};
	const status = failure.response?.status;
	const said = serviceWords(failure.response?.data);
	const words = said ? `: ${said.specific}` : '';
	const facts = { serviceSaid: said?.whole };
	if (status !== undefined && status >= 300 && status < 400) {
		const location = failure.response?.headers?.location;
		const to =
			typeof location === 'string' && location !== '' ? ` to ${location.slice(0, 200)}` : '';
		return {
			...facts,
			message: `Could not obtain an access token: the Base URL redirects (HTTP ${status}${to}), and the API key is not sent after a redirect. Check the Base URL (use the address it redirects to).`,
		};
	}
	if (status === 404 || status === 405)
		return {
			...facts,
			message: `Could not obtain an access token: the Base URL has no token endpoint (POST /token/refresh/ answered HTTP ${status}${words}). Check the Base URL.`,
		};
	if (status === 429 || (status !== undefined && status >= 500))
		return {
			...facts,
			message: `Could not obtain an access token: the service is failing or busy (HTTP ${status}${words}). Try again later.`,
		};
	if (status !== undefined)
		return {
			...facts,
			message: `Could not obtain an access token (HTTP ${status}${words}). Check the API key and the refresh token.`,
		};
	return {
		message: `Could not reach the service to obtain an access token (${failure.code ?? 'network error'}). Check the Base URL.`,
	};
}

/**
 * What the service said in a failure body, in the shapes it answers: `{error, detail}` (the spec),
 * `{"error": "<sentence>"}`, `{"msg": …}` / `{"message": …}`, `{"result": "CODE"}`, or a field map
 * `{"refresh": ["…"]}`. `specific` is its most precise part (the detail), `whole` all of it.
 */
export function serviceWords(data: unknown): { specific: string; whole: string } | undefined {
	const peeled = peelJson(data, 3);
	const body = peeled.ok ? peeled.value : undefined;
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
	const fields = body as Record<string, unknown>;
	const text = (name: string) =>
		typeof fields[name] === 'string' && (fields[name] as string).trim() !== ''
			? (fields[name] as string).trim()
			: undefined;
	const detail = text('detail');
	const sentence = text('error') ?? text('msg') ?? text('message');
	const code = text('result');
	const fieldMessages = Object.entries(fields)
		.filter(
			([, value]) => Array.isArray(value) && value.every((entry) => typeof entry === 'string'),
		)
		.map(([name, value]) => `${name}: ${(value as string[]).join(' ')}`);
	const parts = [sentence, detail, code, ...fieldMessages].filter(
		(part): part is string => part !== undefined,
	);
	if (parts.length === 0) return undefined;
	return {
		specific: detail ?? code ?? fieldMessages[0] ?? sentence ?? parts[0],
		whole: parts.join(' — '),
	};
}

function cleaner(secrets: unknown[]): (text: string) => string {
	const hidden = secrets.filter(
		(secret): secret is string => typeof secret === 'string' && secret.length >= 4,
	);
	return (text) => hidden.reduce((cleaned, secret) => cleaned.split(secret).join('***'), text);
}
