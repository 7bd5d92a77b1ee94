/**
 * A secret as a service, a proxy or a page may echo it: any case (an upper-cased key gives it away
 * to a few guesses a letter); URL-encoded, any characters, once or more, either hex case, a space
 * as `+` (`%2B`); HTML- or JSON-escaped; base64, both alphabets, any alignment (what depends on
 * the secret alone is masked: at most two bytes at each end stay). Not masked: a hash or an
 * encryption (they give nothing away), or a part (too short a value is refused: tooShortSecret).
 */

export const MASK = '***'; // what replaces a secret wherever one is found

/** Masks each form above where it stands; nested escapes still holding one mask the text. */
export function echoMasker(secrets: string[]): ((text: string) => string) | undefined {
	const pattern = echoPattern(secrets);
	if (pattern === undefined) return undefined;
	// In lower case as the undoing compares, and with a `+` read as the space a query string means.
	const caseless = secrets
		.filter((secret) => secret !== '')
		.flatMap((secret) => [secret.toLowerCase(), secret.toLowerCase().replace(/\+/g, ' ')]);
	const literal = secrets.filter((secret) => secret !== '').map((secret) => secret.toLowerCase());
	const base64 = [...new Set(secrets.flatMap(base64Cores))];
	return (text) => {
		// Most texts hold no escape: then only a change of case or base64 can hide a secret, and
		// looking for those is cheaper than the whole pattern.
		if (!ESCAPE_START.test(text)) {
			const lower = text.toLowerCase();
			const held = (forms: string[], where: string) => forms.some((form) => where.includes(form));
			if (!held(literal, lower) && !held(base64, text)) return text;
		}
		const masked = text.replace(pattern, MASK);
		return ESCAPE_START.test(masked) && holdsOnceUnescaped(masked, caseless) ? MASK : masked;
	};
}

/** What every escape starts with: none of them, no nested escapes to undo. */
const ESCAPE_START = /[%&\\+]/;

/** Each escape undone on its own, so that a text can be seen at every layer of its encoding. */
const UNDOINGS: Array<(text: string) => string> = [
	(text) => text.replace(JSON_ESCAPE, jsonUnescaped),
	(text) =>
		text.replace(
			/&#(?:[xX]([0-9a-fA-F]{1,6})|(\d{1,7}));/g,
			(entity, hex?: string, decimal?: string) =>
				fromCode(hex === undefined ? Number(decimal) : parseInt(hex, 16), entity),
		),
	(text) =>
		text.replace(
			/&(amp|lt|gt|quot|apos);/gi,
			(_, name: string) => ENTITY_CHARACTERS[name.toLowerCase()],
		),
	(text) => text.replace(/\+/g, ' '),
	(text) => text.replace(/(?:%[0-9a-fA-F]{2})+/g, decodedOrAsIs),
];

/**
 * Whether a secret shows once the text's escapes are undone, in any order, layer by layer: every
 * text reachable by undoing one kind at a time is looked at (undoing JSON's `\/` first would hide
 * a backslash that an HTML layer around it holds). Past SEARCH_BUDGET texts it counts as shown.
 */
function holdsOnceUnescaped(text: string, caseless: string[]): boolean {
	const seen = new Set([text]);
	const waiting = [text];
	while (waiting.length > 0) {
		const current = waiting.pop() as string;
		for (const undo of UNDOINGS) {
			const next = undo(current);
			if (seen.has(next)) continue;
			const lower = next.toLowerCase();
			if (caseless.some((secret) => lower.includes(secret))) return true;
			if (seen.size >= SEARCH_BUDGET) return true;
			seen.add(next);
			waiting.push(next);
		}
	}
	return false;
}

const SEARCH_BUDGET = 400; // texts one look may reach: far more than any echo's layers give

/** A JSON escape, read left to right so that `\\u0020` is a backslash and "u0020". */
const JSON_ESCAPE = /\\(?:[uU]([0-9a-fA-F]{4})|(["\\/bfnrt]))/g;
const JSON_SHORT: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function jsonUnescaped(_: string, hex?: string, character = ''): string {
	if (hex !== undefined) return String.fromCharCode(parseInt(hex, 16));
	return JSON_SHORT[character] ?? character;
}

const ENTITY_CHARACTERS: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
};

function fromCode(code: number, asIs: string): string {
	return code <= 0x10ffff ? String.fromCodePoint(code) : asIs;
}

function decodedOrAsIs(escapes: string): string {
	try {
		return decodeURIComponent(escapes);
	} catch {
		return escapes;
	}
}

/** One pattern finding any of the secrets in any of the forms above; undefined when none. */
function echoPattern(secrets: string[]): RegExp | undefined {
	const sources = new Set<string>();
	// Longer first: a secret holding another is masked whole, not around the shorter one.
	for (const secret of [...new Set(secrets)].sort((a, b) => b.length - a.length)) {
		if (secret === '') continue;
		sources.add([...secret].map(characterForms).join(''));
		for (const core of base64Cores(secret)) sources.add(escapeForPattern(core));
	}
	return sources.size === 0 ? undefined : new RegExp([...sources].join('|'), 'g');
}

/** Every way one character may be written: itself in either case, URL-, HTML- or JSON-escaped. */
function characterForms(character: string): string {
	const forms = [caseless(character)];
	for (const variant of new Set([character, character.toLowerCase(), character.toUpperCase()]))
		if ([...variant].length === 1) forms.push(percentEncoded(variant));
	if (!/^[\p{L}\p{N}]$/u.test(character)) forms.push(...escapedForms(character));
	return `(?:${forms.join('|')})`;
}

function caseless(character: string): string {
	const lower = character.toLowerCase();
	const upper = character.toUpperCase();
	if (lower === upper || [...lower].length !== 1 || [...upper].length !== 1)
		return escapeForPattern(character);
	return `[${escapeForPattern(lower)}${escapeForPattern(upper)}]`;
}

/** `%2F`, `%2f`, `%252F` …: each UTF-8 byte, encoded once or more, hex digits in either case. */
function percentEncoded(character: string): string {
	return [...Buffer.from(character, 'utf8')]
		.map((byte) => `%(?:25)*${hexDigits(byte.toString(16).padStart(2, '0'))}`)
		.join('');
}

function hexDigits(hex: string): string {
	return [...hex]
		.map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit))
		.join('');
}

const NAMED_ENTITIES: Record<string, string[]> = {
	'&': ['&amp;'],
	'<': ['&lt;'],
	'>': ['&gt;'],
	'"': ['&quot;', '\\"'],
	"'": ['&apos;'],
	'\\': ['\\\\'],
	'/': ['\\/'],
	' ': ['+'],
	'\n': ['\\n'],
	'\r': ['\\r'],
	'\t': ['\\t'],
	'\b': ['\\b'],
	'\f': ['\\f'],
};

/** A space of a query string, as `+`, may be encoded again: `%2B`, `%252B`. */
const SPACE_AS_PLUS = '%(?:25)*2[bB]';

/** HTML's numeric and named entities, JSON's `\u` escape and its escaped quote, slash, `\`. */
function escapedForms(character: string): string[] {
	const code = character.codePointAt(0) ?? 0;
	const hex = hexDigits(code.toString(16));
	const forms = [`&#0*${code};`, `&#[xX]0*${hex};`];
	if (code <= 0xffff) forms.push(`\\\\[uU]${hexDigits(code.toString(16).padStart(4, '0'))}`);
	if (character === ' ') forms.push(SPACE_AS_PLUS);
	return [
		...forms,
		...(NAMED_ENTITIES[character] ?? []).map((form) => [...form].map(caseless).join('')),
	];
}

/**
 * The base64 characters that depend on the secret's bytes alone, at each of the three places it
 * may start inside an encoded text, in both alphabets; and the secret encoded on its own, whole.
 */
function base64Cores(secret: string): string[] {
	const bytes = Buffer.from(secret, 'utf8');
	const cores = [bytes.toString('base64'), bytes.toString('base64').replace(/=+$/, '')];
	for (let skipped = 0; skipped < 3; skipped++) {
		const whole = bytes.subarray(skipped, bytes.length - ((bytes.length - skipped) % 3));
		if (whole.length >= 6) cores.push(whole.toString('base64'));
	}
	const both = cores.flatMap((core) => [core, core.replace(/\+/g, '-').replace(/\//g, '_')]);
	return [...new Set(both)].sort((a, b) => b.length - a.length);
}

export function escapeForPattern(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
