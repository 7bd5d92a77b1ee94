/**
 * Masks known secret values (API key, tokens, callback secret) wherever they appear: in an answer
 * of the service, which echoes the callback URL with the callback secret in it, and in error texts,
 * which may come from elsewhere (a proxy's error page echoing a header). Unmasked, they would land
 * in the workflow's output and execution log. Every string of a value is looked at, keys included,
 * and a number whose digits are a secret; in every form secretEchoes.ts lists.
 */
import { echoMasker, escapeForPattern, MASK } from './secretEchoes';

export type TextMask = (text: string) => string;

/**
 * Returns the value with every secret `mask` finds masked: a string as a new string; arrays and
 * objects are changed in place and returned, so pass only values nobody else holds (a freshly
 * parsed answer).
 */
export function redactSecretForms<T>(value: T, mask: TextMask | undefined): T {
	return mask === undefined ? value : (maskValue(value, mask, mask) as T);
}

/** The mask of the credential's secrets (secretEchoes.ts); values too short are left out. */
export function secretMask(
	secrets: Array<string | undefined>,
	shortest: number,
): TextMask | undefined {
	return echoMasker(
		secrets.filter((secret): secret is string => (secret?.length ?? 0) >= shortest),
	);
}

/**
 * Masks values a request carried that must not come back in its answer or errors (card number,
 * expiry, CVV), however short: as whole words only, so a CVV "123" masks "CVV 123" but leaves
 * "41234" alone. A card number is found in any grouping (`4111 1111-1111.1111`, `4111111111111111`,
 * `41 11 …`): between its digits any few characters that are neither digits nor letters. Same
 * in-place rule as redactSecretForms.
 */
export function redactWords<T>(value: T, words: string[] | undefined): T {
	const wanted = (words ?? []).filter((word) => word.length >= 3);
	if (wanted.length === 0) return value;
	const cards = wanted.filter((word) => CARD_DIGITS.test(word));
	const maskText = wordMasker(wanted);
	// A number is masked only for a card number: an amount of 123 stays, whatever the CVV.
	return maskValue(value, maskText, cards.length > 0 ? wordMasker(cards) : undefined) as T;
}

function wordMasker(words: string[]): (text: string) => string {
	const pattern = new RegExp(
		`(?<![0-9A-Za-z])(?:${words.map(wordPattern).join('|')})(?![0-9A-Za-z])`,
		'g',
	);
	return (text) => text.replace(pattern, MASK);
}

/** Digits long enough to be a card number. */
const CARD_DIGITS = /^\d{12,19}$/;
/** What may stand between two digits of a card number as written: a few non-alphanumerics. */
const DIGIT_SEPARATORS = '(?:[^0-9A-Za-z]|%[0-9A-Fa-f]{2}){0,3}';

function wordPattern(word: string): string {
	return CARD_DIGITS.test(word) ? [...word].join(DIGIT_SEPARATORS) : escapeForPattern(word);
}

/** Masks every string and key of the value; a number too, when `maskNumber` finds one in it. */
function maskValue(value: unknown, maskText: TextMask, maskNumber?: TextMask): unknown {
	if (typeof value === 'string') return maskText(value);
	// An all-digit secret (a card number, a numeric key) may come back as a JSON number.
	if (typeof value === 'number')
		return maskNumber === undefined || maskNumber(String(value)) === String(value) ? value : MASK;
	if (Array.isArray(value)) {
		for (let index = 0; index < value.length; index++)
			value[index] = maskValue(value[index], maskText, maskNumber);
	} else if (typeof value === 'object' && value !== null) {
		const record = value as Record<string, unknown>;
		for (const key of Object.keys(record)) {
			const masked = maskValue(record[key], maskText, maskNumber);
			const maskedKey = maskText(key);
			if (maskedKey === key) record[key] = masked;
			else {
				// A secret as a key: the entry stays, under a masked name no other entry has.
				delete record[key];
				record[freeKey(record, maskedKey)] = masked;
			}
		}
	}
	return value;
}

function freeKey(record: Record<string, unknown>, key: string): string {
	let free = key;
	for (let count = 2; Object.hasOwn(record, free); count++) free = `${key} (${count})`;
	return free;
}
