/**
 * The small HTTP vocabulary of the sandbox: read a body, answer JSON, fail with the spec's body.
 */
import type { IncomingMessage, ServerResponse } from 'http';

/** The fixed Spanish sentence the service puts in `error` (spec: "a failed creation"). */
export const ERROR_SENTENCE = 'No se pudo completar la creación';

/**
 * A refusal as the service sends it: the spec's `{error, detail}` with a status, or, when `body` is
 * given, that body (one of the real failure shapes of failureBodies.ts).
 */
export class ServiceError extends Error {
	constructor(
		readonly status: number,
		readonly detail: string,
		readonly body?: unknown,
	) {
		super(detail);
	}
}

export const badRequest = (detail: string) => new ServiceError(400, detail);
export const notFound = (detail: string) => new ServiceError(404, detail);
export const conflict = (detail: string) => new ServiceError(409, detail);

export interface SandboxRequest {
	method: string;
	path: string;
	query: URLSearchParams;
	headers: IncomingMessage['headers'];
	/** Raw body text. */
	text: string;
	/** Parsed body: a JSON object (the spec: bodies are JSON). */
	body: Record<string, unknown>;
	/**
	 * Why the body could not be read; answered only once faults and counters have seen the request.
	 */
	bodyError?: ServiceError;
}

const MAX_BODY_BYTES = 1024 * 1024;

export async function readRequest(request: IncomingMessage): Promise<SandboxRequest> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of request) {
		size += (chunk as Buffer).length;
		if (size > MAX_BODY_BYTES) throw new ServiceError(413, 'Body too large');
		chunks.push(chunk as Buffer);
	}
	const text = Buffer.concat(chunks).toString('utf8');
	const url = new URL(request.url ?? '/', 'http://sandbox');
	let body: Record<string, unknown> = {};
	let bodyError: ServiceError | undefined;
	try {
		body = parseBody(text, String(request.headers['content-type'] ?? ''));
	} catch (error) {
		bodyError = error as ServiceError;
	}
	return {
		method: (request.method ?? 'GET').toUpperCase(),
		path: url.pathname,
		query: url.searchParams,
		headers: request.headers,
		text,
		body,
		bodyError,
	};
}

function parseBody(text: string, contentType: string): Record<string, unknown> {
	if (text.trim() === '') return {};
	// The spec: bodies are JSON with `Content-Type: application/json`; a form or plain text is
	// refused as a framework would.
	const mediaType = contentType.split(';')[0].trim().toLowerCase();
	if (mediaType !== 'application/json')
		throw new ServiceError(415, `Unsupported media type "${mediaType}" in request.`);
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		throw badRequest('JSON parse error: the body is not valid JSON');
	}
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		throw badRequest('The body must be a JSON object');
	}
	return parsed as Record<string, unknown>;
}

export function sendJson(
	response: ServerResponse,
	status: number,
	value: unknown,
	headers: Record<string, string> = {},
): void {
	const text = JSON.stringify(value);
	response.writeHead(status, {
		'content-type': 'application/json',
		'content-length': Buffer.byteLength(text),
		...headers,
	});
	response.end(text);
}

export function sendRaw(
	response: ServerResponse,
	status: number,
	contentType: string,
	text: string,
	headers: Record<string, string> = {},
): void {
	response.writeHead(status, {
		'content-type': contentType,
		'content-length': Buffer.byteLength(text),
		...headers,
	});
	response.end(text);
}

export function sendError(
	response: ServerResponse,
	error: ServiceError,
	body: unknown = error.body ?? { error: ERROR_SENTENCE, detail: error.detail },
): void {
	sendJson(response, error.status, body);
}
