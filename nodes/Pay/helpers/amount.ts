/**
 * Amounts, read exactly as they were typed or mapped. The digits are read as written (a text) or
 * as JavaScript writes the number (its shortest exact form), and checked as digits: nothing is
 * converted, rounded or dropped before the check, so the amount sent is the amount given or the
 * item is refused, naming the field.
 */
import type { INode } from 'n8n-workflow';

import { shownValue } from './fieldInput';
import { inputError } from './inputError';

/** An amount as decimal digits: no leading zeros in `whole`, no trailing zeros in `fraction`. */
interface Digits {
	negative: boolean;
	whole: string;
	fraction: string;
	/** How many decimals were written ("1.000" has three, though its value has none). */
	decimalsWritten: number;
}

/**
 * Digits a JSON number carries exactly whatever they are: a double holds any 15 significant
 * digits and gives them back when written (from 16 on, some change: 9007199254740993 is sent as
 * …992). Up to 9,999,999,999,999.99 COP in cents, 999,999,999,999,999 COP in whole pesos.
 */
const MOST_DIGITS = 15;

/** Text as spreadsheets export it: "50000", "50000.5", "50,000.50" (thousands commas). */
const AMOUNT_TEXT = /^(-)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;
/** How JavaScript writes a finite number: "1000.5", "1e+21", "1.5e-7". */
const NUMBER_TEXT = /^(-)?(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/**
 * An amount in cents (two decimals at most), typed or mapped as a number or as a text such as
 * "50000", "50000.5" or "50,000.50". A third decimal is refused, never rounded, and so is one
 * that is only binary noise (0.1 + 0.2 is 0.30000000000000004): the node cannot tell noise from
 * a meant amount, and "1.000" may be a thousand pesos written with a dot.
 */
export function readPositiveAmount(
	node: INode,
	itemIndex: number,
	field: string,
	raw: unknown,
): number {
	return readAmount(node, itemIndex, field, raw, 2);
}

/** Whole pesos only: a fraction is refused, never rounded, so the amount sent is the one meant. */
export function readWholeAmount(
	node: INode,
	itemIndex: number,
	field: string,
	raw: unknown,
): number {
	return readAmount(node, itemIndex, field, raw, 0);
}

function readAmount(
	node: INode,
	itemIndex: number,
	field: string,
	raw: unknown,
	decimals: 0 | 2,
): number {
	const refuse = (problem: string) => inputError(node, itemIndex, field, problem);
	const digits = digitsOf(raw);
	if (digits === undefined) throw refuse(`must be a number, got ${shownValue(raw)}`);
	if (digits.negative || (digits.whole === '0' && digits.fraction === ''))
		throw refuse(`must be greater than 0, got ${shownValue(raw)}`);
	if (digits.fraction.length > decimals || digits.decimalsWritten > 2)
		throw refuse(
			decimals === 0
				? `must be a whole number of pesos (COP), got ${shownValue(raw)}; it is not rounded for you`
				: `has more than two decimals (COP amounts are kept in cents), got ${shownValue(raw)}; it is not rounded for you (round it where it is worked out, or write thousands without a dot: 1000 or 1,000)`,
		);
	const amount = Number(written(digits));
	// The number the body carries must write back as the same digits, or it is not sent at all.
	if (significantDigits(digits) > MOST_DIGITS || !sameDigits(digitsOf(amount), digits))
		throw refuse(
			`is too large to be sent exactly (at most ${MOST_DIGITS} digits), got ${shownValue(raw)}`,
		);
	return amount;
}

/** The digits of a text or a number, or `undefined` when it is neither an amount nor finite. */
function digitsOf(raw: unknown): Digits | undefined {
	if (typeof raw === 'string') {
		const parts = AMOUNT_TEXT.exec(raw.trim());
		return parts ? digitsFrom(parts[1], parts[2].replace(/,/g, ''), parts[3] ?? '', 0) : undefined;
	}
	if (typeof raw !== 'number' || !Number.isFinite(raw)) return undefined;
	const parts = NUMBER_TEXT.exec(String(raw));
	return parts ? digitsFrom(parts[1], parts[2], parts[3] ?? '', Number(parts[4] ?? 0)) : undefined;
}

/** Digits with the point moved `exponent` places to the right ("1.5", -7 → "0.00000015"). */
function digitsFrom(
	sign: string | undefined,
	whole: string,
	fraction: string,
	exponent: number,
): Digits {
	const all = whole + fraction;
	const point = whole.length + exponent;
	const padded = point < 0 ? '0'.repeat(-point) + all : all.padEnd(point, '0');
	const at = Math.max(point, 0);
	const decimals = padded.slice(at);
	return {
		negative: sign === '-',
		whole: padded.slice(0, at).replace(/^0+/, '') || '0',
		fraction: decimals.replace(/0+$/, ''),
		decimalsWritten: decimals.length,
	};
}

function written({ whole, fraction }: Digits): string {
	return fraction === '' ? whole : `${whole}.${fraction}`;
}

function significantDigits({ whole, fraction }: Digits): number {
	return (whole === '0' ? fraction.replace(/^0+/, '') : whole + fraction).length;
}

function sameDigits(sent: Digits | undefined, given: Digits): boolean {
	return sent !== undefined && written(sent) === written(given) && !sent.negative;
}
