/**
 * The callback's body as an object, whether n8n parsed it (JSON or form) or left it raw. The
 * service's documentation and its own receiver disagree on the encoding, so both are accepted.
 */
import type { IDataObject } from 'n8n-workflow';

import { peelJson } from '../jsonLayers';

export const MAX_BODY_CHARACTERS = 64 * 1024;

export type BodyReading = { ok: true; body: IDataObject } | { ok: false; problem: string };

export function readCallbackBody(
	parsed: unknown,
	rawBody: Buffer | string | undefined,
	contentType: string,
): BodyReading {
	const raw = rawBody === undefined ? '' : rawBody.toString();
	if (raw.length > MAX_BODY_CHARACTERS)
		return { ok: false, problem: `The body is larger than ${MAX_BODY_CHARACTERS} characters` };
	if (isObject(parsed) && Object.keys(parsed).length > 0) {
		if (JSON.stringify(parsed).length > MAX_BODY_CHARACTERS)
			return { ok: false, problem: `The body is larger than ${MAX_BODY_CHARACTERS} characters` };
		return { ok: true, body: parsed };
	}
	if (raw.trim() === '') return { ok: false, problem: 'The body is empty' };
	if (contentType.includes('application/x-www-form-urlencoded')) {
		return { ok: true, body: Object.fromEntries(new URLSearchParams(raw)) };
	}
	// Some senders encode JSON twice.
	const peeled = peelJson(raw, 2);
	if (peeled.ok && isObject(peeled.value)) return { ok: true, body: peeled.value };
	return { ok: false, problem: 'The body is neither a JSON object nor a form' };
}

/** The part of n8n's request object that holds the raw body. */
export interface RawBodySource {
	rawBody?: Buffer;
	/** n8n's own reader (its body-parser middleware): sets `rawBody`. */
	readRawBody?: () => Promise<void>;
}

/**
 * The raw body of the callback. n8n reads it before a start node of version 1 runs, whatever its
 * type; from version 2 only for the types it parses (JSON, form, text, XML), so any other is read
 * here. A stream n8n consumed itself (multipart) or the sender aborted gives nothing: what n8n
 * parsed then stands alone.
 */
export async function rawBodyOf(request: RawBodySource): Promise<Buffer | undefined> {
	if (request.rawBody === undefined) await request.readRawBody?.().catch(() => undefined);
	return request.rawBody;
}

function isObject(value: unknown): value is IDataObject {
	return (
		typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value)
	);
}
