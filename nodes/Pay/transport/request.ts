import { sleep } from 'n8n-workflow';
import type {
	IAdditionalCredentialOptions,
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INode,
	IWebhookFunctions,
} from 'n8n-workflow';

import { PayApi, SESSION_TOKEN_FIELD, trimBaseUrl } from '../../../credentials/PayApi.credentials';
import { forgetLedger, readLedger, writeLedger } from '../execution/onceLedger';
import { redactSecrets, redactWords } from '../helpers/redact';
import { describeFailure, toNodeApiError } from './apiError';
import type { PayErrorFacts } from './apiError';
import { decodeBody, excerpt } from './decodeBody';
import { describeClientError, httpFailure, isServiceFailureBody, redirectFailure } from './failure';
import type { RequestFailure } from './failure';
import { DEFAULT_RETRY_SETTINGS, nextRetryDelay } from './retryPolicy';
import type { RetrySettings } from './retryPolicy';
import type { RequestSafety } from './safety';
import { renewOnce, sendWithToken } from './tokenSingleFlight';

export type PayContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

export const CREDENTIAL_NAME = 'payApi';

export interface PayRequest {
	method: IHttpRequestMethods;
	/** Path relative to the credential's Base URL, as the spec writes it: `/pay/`, `/pay_detail/abc`. */
	path: string;
	/**
	 * The JSON body, or how to build it when it is about to be sent: an item whose request was done
	 * earlier in the execution (Retry On Fail) then needs nothing of it, not even the public key.
	 */
	body?: IDataObject | (() => Promise<IDataObject>);
	qs?: IDataObject;
	safety: RequestSafety;
	/** What the request does, for messages: "the transfer", "the payment object creation". */
	action: string;
	/** How to find out whether it went through when the answer is lost. */
	howToCheck?: string;
	/** The item this request serves; needed to keep `once` requests from being repeated on "Retry On Fail". */
	itemIndex?: number;
	/**
	 * The node run's scope in the at-most-once ledger (`ledgerScope`). Without it nothing is
	 * remembered: only the Pay node's runs need it, not load-options calls or the trigger's reads.
	 */
	ledgerScope?: string;
	/** The credential's data when the caller has it already; read from n8n when not given. */
	credentials?: ICredentialDataDecryptedObject;
	/** The node when the caller has it already; read from n8n (which copies it each time) when not given. */
	node?: INode;
	/** Values this request carries that must not come back in its output or errors (card number, expiry, CVV). */
	sensitive?: string[];
}

/** A request whose body is built. */
type BuiltRequest = Omit<PayRequest, 'body'> & { body?: IDataObject };

export interface TransportSettings {
	timeoutMs: number;
	retry: RetrySettings;
}

export const DEFAULT_TRANSPORT_SETTINGS: TransportSettings = {
	timeoutMs: 30_000,
	retry: DEFAULT_RETRY_SETTINGS,
};

/**
 * The one way the nodes talk to the service: authentication through the credential (n8n renews
 * the access token on a 401), JSON in and out, double-encoded answers decoded, `{error, detail}`
 * failures turned into errors whose message is the service's `detail`, safe requests retried.
 */
export async function payApiRequest(
	this: PayContext,
	request: PayRequest,
	settings: TransportSettings = DEFAULT_TRANSPORT_SETTINGS,
): Promise<unknown> {
	const credentials: ICredentialDataDecryptedObject = request.credentials ?? (await this.getCredentials(CREDENTIAL_NAME, request.itemIndex));
	const node = request.node ?? this.getNode();
	const authentication = authenticationWith(node, credentials);
	const secretsAtStart = secretsOf(credentials);
	// With the token a renewal during this request may have put into the credential's data.
	const masked = <T>(value: T): T => redactWords(redactSecrets(value, [...secretsAtStart, ...secretsOf(credentials)]), request.sensitive);
	const baseUrl = trimBaseUrl(credentials.baseUrl);
	const ledgerKeys = request.safety === 'read' ? undefined : ledgerKeysFor(request);

	let earlierAttemptLost = false;
	if (ledgerKeys) {
		const entry = readLedger(ledgerKeys.scope, ledgerKeys.request);
		if (entry?.state === 'done') return entry.answer;
		if (entry && request.safety === 'once') {
			// In flight or lost earlier in this execution: sending again could pay twice.
			throw entry.state === 'unknown' || entry.state === 'failed' ? entry.error : lostError(node, request, settings);
		}
		earlierAttemptLost = entry !== undefined;
	}
	const body = typeof request.body === 'function' ? await request.body() : request.body;
	const sending: BuiltRequest = { ...request, body };
	if (ledgerKeys) writeLedger(ledgerKeys.scope, ledgerKeys.request, { state: 'in_flight' });

	for (let attempt = 1; ; attempt++) {
		let failure: RequestFailure;
		try {
			const sent = await sendWithToken(credentials, async () => await send(this, authentication, baseUrl, sending, settings));
			let response = sent.result;
			// A 401 means the service refused before doing anything, so sending again is safe.
			let renewal: RenewalResult | undefined;
			if (response.statusCode === 401) {
				renewal = await renewOnce(credentials, sent.tokenUsed, async () => await renewAccessToken(this, authentication, baseUrl, settings), { renewed: true });
				// Only with another token: the same one would be refused again, or was refused for another reason.
				if (renewal.renewed && credentials[SESSION_TOKEN_FIELD] !== sent.tokenUsed) response = await send(this, authentication, baseUrl, sending, settings);
			}
			const read = renewal?.credentialFailure ? { ok: false as const, failure: renewal.credentialFailure } : readResponse(response);
			if (read.ok) {
				// The service echoes the callback URL, secret and all: masked before anyone keeps it.
				const answer = masked(read.value);
				if (ledgerKeys) writeLedger(ledgerKeys.scope, ledgerKeys.request, { state: 'done', answer });
				return answer;
			}
			failure = read.failure;
		} catch (error) {
			failure = describeClientError(error);
		}

		const wait = nextRetryDelay(request.safety, failure, attempt, settings.retry);
		if (wait !== undefined) {
			if (isUnknownOutcome(failure)) earlierAttemptLost = true;
			await sleep(wait);
			continue;
		}

		const facts = describeFailure(failure, {
			safety: request.safety,
			action: request.action,
			howToCheck: request.howToCheck,
			attempts: attempt,
			timeoutMs: settings.timeoutMs,
			earlierAttemptLost,
		});
		const error = toNodeApiError(node, redactFacts(facts, masked), request.itemIndex);
		if (ledgerKeys) {
			if (facts.outcome === 'unknown') {
				writeLedger(ledgerKeys.scope, ledgerKeys.request, { state: 'unknown', error });
			} else if (request.safety === 'once' && facts.outcome !== 'not_sent') {
				// It reached the service (even a 429 did): once per item per execution, so not again.
				writeLedger(ledgerKeys.scope, ledgerKeys.request, { state: 'failed', error });
			} else {
				forgetLedger(ledgerKeys.scope, ledgerKeys.request);
			}
		}
		throw error;
	}
}

/**
 * Sends once. HTTP failures come back as responses (not thrown) so that their status, headers
 * (`Retry-After`) and body stay whole: n8n's error wrapper would keep only part of them.
 */
async function send(
	context: PayContext,
	authentication: IAdditionalCredentialOptions,
	baseUrl: string,
	request: BuiltRequest,
	settings: TransportSettings,
): Promise<IN8nHttpFullResponse> {
	return (await context.helpers.httpRequestWithAuthentication.call(context, CREDENTIAL_NAME, {
		method: request.method,
		url: requestUrl(baseUrl, request.path),
		body: request.body,
		qs: request.qs,
		json: true,
		timeout: settings.timeoutMs,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// A redirect would take the API key and token along to wherever it points (see redirectFailure).
		disableFollowRedirect: true,
	}, authentication)) as IN8nHttpFullResponse;
}

/**
 * n8n renews an expirable credential only when a request fails with 401 *as an error*, which our
 * full-response requests never do. So after a 401 we make n8n do it on a cheap read that lets the
 * 401 through as an error: n8n calls the credential's preAuthentication (a new access token, saved
 * with the credential) and repeats that read.
 */
async function renewAccessToken(
	context: PayContext,
	authentication: IAdditionalCredentialOptions,
	baseUrl: string,
	settings: TransportSettings,
): Promise<RenewalResult> {
	try {
		await context.helpers.httpRequestWithAuthentication.call(
			context,
			CREDENTIAL_NAME,
			{ method: 'GET', url: requestUrl(baseUrl, RENEWAL_PROBE_PATH), json: true, timeout: settings.timeoutMs, disableFollowRedirect: true },
			authentication,
		);
		return { renewed: true };
	} catch (error) {
		const failure = describeClientError(error);
		// When the refresh itself failed, its reason is what the user needs, not the original 401.
		return { renewed: false, credentialFailure: failure.kind === 'credential' ? failure : undefined };
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
function authenticationWith(node: INode, credentials: ICredentialDataDecryptedObject): IAdditionalCredentialOptions {
	const stored = node.credentials?.[CREDENTIAL_NAME];
	return { credentialsDecrypted: { id: stored?.id ?? '', name: stored?.name ?? '', type: CREDENTIAL_NAME, data: credentials } };
}

/** The fields the credential declares as passwords: none of them may appear in an output, an error or a log. */
const SECRET_FIELDS = new PayApi().properties.filter((field) => field.typeOptions?.password === true).map((field) => field.name);

function secretsOf(credentials: ICredentialDataDecryptedObject): Array<string | undefined> {
	return SECRET_FIELDS.map((field) => credentials[field]).map((value) => (typeof value === 'string' ? value : undefined));
}

/**
 * The address of a request: the trimmed Base URL and the path, with no "//" in between or inside (the
 * service's CDN answers such a path 404). Slugs are checked before they get here (isSlug).
 */
export function requestUrl(baseUrl: string, path: string): string {
	const queryAt = path.indexOf('?');
	const [pathname, query] = queryAt < 0 ? [path, ''] : [path.slice(0, queryAt), path.slice(queryAt)];
	return `${baseUrl}/${pathname.replace(/^\/+/, '').replace(/\/{2,}/g, '/')}${query}`;
}

/** An authenticated read that every account may make and that changes nothing. */
const RENEWAL_PROBE_PATH = '/base/get_constants_key_public/';

/** The decoded answer of a success whose body can be read and is not the service's failure body, or what went wrong. */
function readResponse(response: IN8nHttpFullResponse): { ok: true; value: unknown } | { ok: false; failure: RequestFailure } {
	const headers = response.headers as Record<string, unknown>;
	if (response.statusCode >= 400) return { ok: false, failure: httpFailure(response.statusCode, response.body, headers) };
	if (response.statusCode >= 300) return { ok: false, failure: redirectFailure(response.statusCode, headers) };
	const decoded = decodeBody(response.body);
	if (!decoded.readable) return { ok: false, failure: { kind: 'unreadable', status: response.statusCode, bodyExcerpt: excerpt(decoded.text) } };
	if (isServiceFailureBody(decoded.value)) return { ok: false, failure: httpFailure(response.statusCode, decoded.value, headers) };
	return { ok: true, value: decoded.value };
}

/** Failures after which the service may have acted on the request. */
function isUnknownOutcome(failure: RequestFailure): boolean {
	if (failure.kind === 'http') return failure.status >= 500;
	return failure.kind === 'timeout' || failure.kind === 'network' || failure.kind === 'unreadable';
}

function redactFacts(facts: PayErrorFacts, masked: <T>(value: T) => T): PayErrorFacts {
	const { message, description, detail } = facts;
	return { ...facts, ...masked({ message, description, detail }) };
}

function lostError(node: INode, request: PayRequest, settings: TransportSettings) {
	const facts = describeFailure(
		{ kind: 'other', message: 'An earlier attempt in this execution is still under way or lost its answer' },
		{ safety: request.safety, action: request.action, howToCheck: request.howToCheck, attempts: 1, timeoutMs: settings.timeoutMs },
	);
	return toNodeApiError(node, facts, request.itemIndex);
}

/** Ledger keys exist only for a request tied to an item of a node run that has a ledger scope. */
function ledgerKeysFor(request: PayRequest): { scope: string; request: string } | undefined {
	if (request.itemIndex === undefined || request.ledgerScope === undefined) return undefined;
	return { scope: request.ledgerScope, request: `${request.itemIndex}:${request.method} ${request.path}` };
}
