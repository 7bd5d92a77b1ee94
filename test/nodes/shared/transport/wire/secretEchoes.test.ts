/**
 * Echoes of a secret, generated: the secret of any characters, changed as a service, a proxy or a
 * page may change it (case, URL encoding of any of its characters once or more, HTML and JSON
 * escapes, base64 at any alignment), put anywhere in an answer (a value, a key, a list, deep). The
 * oracle undoes every such change in the masked result on its own and looks for the secret.
 */
import fc from 'fast-check';

import { redactSecretForms } from '../../../../../nodes/shared/transport/wire/redact';
import { echoMasker } from '../../../../../nodes/shared/transport/wire/secretEchoes';
import { secret } from '../../../../harness/secretArbitrary';

const percent = (character: string, upper: boolean) =>
	[...Buffer.from(character, 'utf8')]
		.map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
		.map((escape) => (upper ? escape.toUpperCase() : escape))
		.join('');

/** One change of a text, character by character, each character chosen by `pick`. */
type Change = (text: string, pick: (index: number) => number) => string;
const byCharacter =
	(change: (character: string, choice: number) => string): Change =>
	(text, pick) =>
		[...text].map((character, index) => change(character, pick(index))).join('');

const CHANGES: Record<string, Change> = {
	case: byCharacter((c, choice) => (choice % 2 ? c.toUpperCase() : c.toLowerCase())),
	// Any characters encoded, hex digits in either case; a % always (an encoder must).
	urlEncoded: byCharacter((c, choice) =>
		c !== '%' && choice % 3 === 0 ? c : percent(c, choice % 3 === 1),
	),
	queryString: (text) => new URLSearchParams({ t: text }).toString().slice(2),
	uriComponent: (text) => encodeURIComponent(text),
	html: byCharacter((c, choice) => {
		if (/[\p{L}\p{N}]/u.test(c) || choice % 3 === 0) return c;
		const code = c.codePointAt(0) ?? 0;
		return choice % 3 === 1 ? `&#${code};` : `&#x${code.toString(16)};`;
	}),
	htmlNamed: (text) =>
		text
			.replace(/&/g, '&amp;')
			.replace(/</g, '&lt;')
			.replace(/>/g, '&gt;')
			.replace(/"/g, '&quot;')
			.replace(/'/g, '&apos;'),
	json: (text) => JSON.stringify(text).slice(1, -1).replace(/\//g, '\\/'),
	// A JSON encoder: any characters as \u escapes, and a backslash or a quote always escaped.
	jsonUnicode: byCharacter((c, choice) => {
		const code = c.codePointAt(0) ?? 0;
		const must = c === '\\' || c === '"';
		if (/[\p{L}\p{N}]/u.test(c) || code > 0xffff || (choice % 2 && !must)) return c;
		return `\\u${code.toString(16).padStart(4, '0')}`;
	}),
};

/** A secret as the oracle writes texts: lower case, a query string's `+` read as a space. */
const asUndone = (text: string) => text.toLowerCase().replace(/\+/g, ' ');

/** The oracle: every change above undone, one at a time as a reader would, each text seen. */
function undoneForms(text: string): string[] {
	const undo = [
		(t: string) =>
			t.replace(/\\(?:[uU]([0-9a-fA-F]{4})|(["\\/bfnrt]))/g, (_, hex?: string, short = '') =>
				hex === undefined
					? (({ b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' } as Record<string, string>)[short] ??
						short)
					: String.fromCharCode(parseInt(hex, 16)),
			),
		(t: string) =>
			t.replace(/&#x([0-9a-fA-F]+);/gi, (_, hex: string) =>
				String.fromCodePoint(parseInt(hex, 16)),
			),
		(t: string) => t.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code))),
		(t: string) =>
			t.replace(/&(amp|lt|gt|quot|apos);/gi, (entity) => HTML_NAMED[entity.toLowerCase()]),
		(t: string) => t.replace(/\+/g, ' '),
		(t: string) =>
			t.replace(/(%[0-9a-fA-F]{2})+/g, (run) => {
				try {
					return decodeURIComponent(run);
				} catch {
					return run;
				}
			}),
	];
	// Every order of undoing, breadth first: a reader may undo the layers in any order.
	const seen = new Set([text]);
	let layer = [text];
	for (let depth = 0; depth < 8 && layer.length > 0; depth++)
		layer = layer.flatMap((current) =>
			undo.map((step) => step(current)).filter((next) => !seen.has(next) && seen.add(next)),
		);
	return [...seen].map((form) => form.toLowerCase());
}
/** Whether the secret shows in the text, however its escapes are undone. */
const shows = (text: string, typed: string) =>
	undoneForms(text).some(
		(form) => form.includes(typed.toLowerCase()) || form.includes(asUndone(typed)),
	);
const HTML_NAMED: Record<string, string> = {
	'&amp;': '&',
	'&lt;': '<',
	'&gt;': '>',
	'&quot;': '"',
	'&apos;': "'",
};

/** An answer holding `echo` at a place drawn by `place`: a value, a key, a list, deep inside. */
function answerWith(echo: string, place: number, around: string): unknown {
	const text = `${around}${echo}${around}`;
	const places = [
		{ callback: text, amount: '1000.00' },
		{ results: [{ ok: true }, { nested: { deeper: [text] } }] },
		{ [text]: 'a value under the secret as a key', other: 1 },
		[text, 7, null],
		{ result: text },
		{ error: 'No se pudo completar la creación', detail: text, code: text },
	];
	return structuredClone(places[place % places.length]);
}

/** Every string of a value, keys included. */
function textsOf(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (Array.isArray(value)) return value.flatMap(textsOf);
	if (typeof value === 'object' && value !== null)
		return Object.entries(value).flatMap(([key, inner]) => [key, ...textsOf(inner)]);
	return [];
}

/** Characters around the echo that none of the changes makes and the oracle leaves alone. */
const AROUND = fc.constantFrom('', '|', '~|~', '«»');

describe('a secret echoed in another form than typed', () => {
	it('is masked in every form, wherever it stands in an answer', () => {
		fc.assert(
			fc.property(
				secret,
				fc.array(fc.constantFrom(...Object.keys(CHANGES)), { minLength: 1, maxLength: 3 }),
				fc.array(fc.nat(), { minLength: 1, maxLength: 50 }),
				fc.nat(),
				AROUND,
				(typed, changes, choices, place, around) => {
					const pick = (index: number) => choices[index % choices.length];
					// A change of case comes first: the value's, not its escapes' (`\N` is no JSON escape).
					const ordered = [...changes].sort((a, b) => Number(b === 'case') - Number(a === 'case'));
					const echo = ordered.reduce((text, change) => CHANGES[change](text, pick), typed);
					const answer = answerWith(echo, place, around);
					const texts = textsOf(redactSecretForms(answer, echoMasker([typed])));
					for (const text of texts) expect(shows(text, typed)).toBe(false);
					expect(texts.join(' ')).toContain('***');
				},
			),
			{ numRuns: 500 },
		);
	});

	it('is masked inside base64 at any alignment, up to two bytes at each end', () => {
		fc.assert(
			fc.property(
				secret,
				fc.uint8Array({ maxLength: 5 }),
				fc.uint8Array({ maxLength: 5 }),
				fc.boolean(),
				(typed, before, after, urlSafe) => {
					const bytes = Buffer.from(typed, 'utf8');
					let encoded = Buffer.concat([before, bytes, after]).toString('base64');
					if (urlSafe) encoded = encoded.replace(/\+/g, '-').replace(/\//g, '_');
					const masked = redactSecretForms(`Basic ${encoded}`, echoMasker([typed]));
					// Decoded from each of the four places a base64 run may start: no middle of the secret.
					const middle = bytes.subarray(2, bytes.length - 2);
					for (const run of masked.match(/[A-Za-z0-9+/_-]+/g) ?? [])
						for (let start = 0; start < 4; start++) {
							const decoded = Buffer.from(
								run.slice(start).replace(/-/g, '+').replace(/_/g, '/'),
								'base64',
							);
							expect(decoded.includes(middle)).toBe(false);
						}
				},
			),
			{ numRuns: 300 },
		);
	});

	it('leaves text without the secret as it was', () => {
		fc.assert(
			fc.property(secret, fc.string({ maxLength: 60 }), (typed, text) => {
				fc.pre(!shows(text, typed));
				expect(redactSecretForms(text, echoMasker([typed]))).toBe(text);
			}),
		);
	});
});
