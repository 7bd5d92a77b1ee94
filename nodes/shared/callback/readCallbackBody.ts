/**
 * The callback's body as an object, whether n8n parsed it (JSON or form) or left it raw. The
 * service's documentation and its own receiver disagree on the encoding, so both are accepted.
 */
import type { IDataObject } from 'n8n-workflow';

import { peelJson } from '../jsonLayers';

export const MAX_BODY_CHARACTERS = 64 * 1024;

/**
 * The service's callbacks are flat (docs/SERVICE.md, "Payment callbacks", "Withdrawal callbacks");
 * a body nested deeper is no callback. Refused before anything walks it: JSON.stringify and n8n's
 * own copies of an item recurse, and a body of 64 KiB can nest 32,000 levels, past the stack.
 */
export const MAX_BODY_DEPTH = 16;

export type BodyReading = { ok: true; body: IDataObject } | { ok: false; problem: string };

const TOO_LARGE = `The body is larger than ${MAX_BODY_CHARACTERS} characters`;
const TOO_DEEP = `The body is nested deeper than ${MAX_BODY_DEPTH} levels: no callback is`;

export function readCallbackBody(
	parsed: unknown,
	rawBody: Buffer | string | undefined,
	contentType: string,
): BodyReading {
	const raw = rawBody === undefined ? '' : rawBody.toString();
	if (raw.length > MAX_BODY_CHARACTERS) return { ok: false, problem: TOO_LARGE };
	if (isObject(parsed) && Object.keys(parsed).length > 0) return checkedBody(parsed);
	if (raw.trim() === '') return { ok: false, problem: 'The body is empty' };
	if (contentType.includes('application/x-www-form-urlencoded')) {
		return { ok: true, body: Object.fromEntries(new URLSearchParams(raw)) };
	}
	// Some senders encode JSON twice.
	const peeled = peelJson(raw, 2);
	if (peeled.ok && isObject(peeled.value)) return checkedBody(peeled.value);
	return { ok: false, problem: 'The body is neither a JSON object nor a form' };
}

/** A body as it stands once parsed: within the depth, then the size (measured only then). */
function checkedBody(body: IDataObject): BodyReading {
	if (nestedDeeperThan(body, MAX_BODY_DEPTH)) return { ok: false, problem: TOO_DEEP };
	let size: number;
	try {
		size = JSON.stringify(body).length;
	} catch {
		// Something no JSON parser makes (a value n8n's parsing gave that cannot be written back).
		return { ok: false, problem: 'The body holds a value that cannot be read as JSON' };
	}
	return size > MAX_BODY_CHARACTERS ? { ok: false, problem: TOO_LARGE } : { ok: true, body };
}

/** Whether objects or arrays inside `value` nest more than `limit` levels; without recursion. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
	const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
	for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
		if (typeof next.value !== 'object' || next.value === null) continue;
		if (next.depth >= limit) return true;
		for (const inner of Object.values(next.value))
			pending.push({ value: inner, depth: next.depth + 1 });
	}
	return false;
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
