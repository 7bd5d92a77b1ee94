/**
 * The service sometimes answers with JSON encoded twice (a JSON string whose content is JSON), and
 * n8n's client hands over an unparsed string when a body is not JSON at all. Decode until the value
 * is no longer a string that parses as JSON.
 */
import { peelJson } from '../../jsonLayers';

export type DecodedBody = { readable: true; value: unknown } | { readable: false; text: string };

const MAX_ENCODING_DEPTH = 4;

export function decodeBody(raw: unknown): DecodedBody {
	if (raw === undefined || raw === null) return { readable: true, value: {} };
	if (Buffer.isBuffer(raw)) return decodeBody(raw.toString('utf8'));
	const peeled = peelJson(raw, MAX_ENCODING_DEPTH, (text) =>
		looksLikeJson(text.trim()) ? text.trim() : undefined,
	);
	if (!peeled.ok) return { readable: false, text: peeled.text };
	const { value, layers } = peeled;
	// Stopped at a string that is no JSON: the body itself is unreadable; inside a JSON string it is
	// the answer.
	if (typeof value === 'string' && layers < MAX_ENCODING_DEPTH) {
		const text = value.trim();
		if (text === '')
			return layers === 0 ? { readable: true, value: {} } : { readable: true, value: '' };
		return layers === 0 ? { readable: false, text } : { readable: true, value };
	}
	return { readable: true, value };
}

function looksLikeJson(text: string): boolean {
	const first = text[0];
	return first === '{' || first === '[' || first === '"';
}

/** A short, single-line excerpt of a body that is not JSON (an HTML error page, plain text). */
export function excerpt(text: string, length = 120): string {
	const flat = text
		.replace(/<[^>]*>/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
	return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}
