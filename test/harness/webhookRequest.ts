/**
 * An HTTP request as n8n hands it to a node's `webhook()`, and a response that records what the
 * node answered itself: the parts of Express's objects the package's webhooks use.
 */
import type { IDataObject } from 'n8n-workflow';

export interface CallbackRequest {
	body?: unknown;
	rawBody?: string | Buffer;
	headers?: Record<string, string>;
	query?: Record<string, string>;
	ip?: string;
}

export interface RecordedResponse {
	/** Status and JSON the node answered itself; undefined when n8n answers. */
	answer?: { status: number; body: unknown };
}

/**
 * The content types n8n parses for a start node from version 2 (`isParsableContentType`
 * in n8n's webhook-helpers).
 */
function parsedByN8n(contentType: string): boolean {
	return (
		contentType.startsWith('application/json') ||
		contentType.startsWith('text/plain') ||
		contentType.startsWith('application/x-www-form-urlencoded') ||
		contentType.endsWith('/xml') ||
		contentType.endsWith('+xml')
	);
}

/**
 * `httpRequest` and `httpResponse` for n8n's additional data. `nodeVersion` decides whether n8n
 * read the raw body already: for a start node of version 1 always, from version 2 only when it
 * parses the type (parseRequestBody in n8n's webhook-helpers); otherwise the node reads it.
 */
export function fakeWebhookExchange(
	request: CallbackRequest,
	nodeVersion: number,
): { httpRequest: IDataObject; httpResponse: IDataObject; recorded: RecordedResponse } {
	const recorded: RecordedResponse = {};
	const httpResponse = {
		status(code: number) {
			recorded.answer = { status: code, body: undefined };
			return this;
		},
		json(body: unknown) {
			recorded.answer = { status: recorded.answer?.status ?? 200, body };
			return this;
		},
		end() {
			return this;
		},
	};
	const rawBody =
		request.rawBody ?? (request.body === undefined ? '' : JSON.stringify(request.body));
	const headers = { 'content-type': 'application/json', ...(request.headers ?? {}) };
	const readByN8n = nodeVersion === 1 || parsedByN8n(headers['content-type']);
	const httpRequest: { rawBody?: Buffer; readRawBody(): Promise<void> } & IDataObject = {
		body: request.body ?? {},
		...(readByN8n ? { rawBody: Buffer.from(rawBody) } : {}),
		async readRawBody() {
			this.rawBody ??= Buffer.from(rawBody);
		},
		headers,
		query: request.query ?? {},
		params: {},
		ip: request.ip ?? '127.0.0.1',
	};
	return { httpRequest, httpResponse, recorded };
}
