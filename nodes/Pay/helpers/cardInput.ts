/**
 * Checks of card data before anything is encrypted or sent. Messages never repeat the value: it is
 * secret, and an error message ends up in execution logs.
 */
import type { INode } from 'n8n-workflow';

import { readText } from './fieldInput';
import { inputError } from './inputError';

/** Digits only (spaces and dashes removed), 12 to 19 of them, passing the Luhn check. */
export function readCardNumber(node: INode, itemIndex: number, raw: unknown): string {
	const digits = readText(node, itemIndex, 'Card Number', raw).replace(/[\s-]/g, '');
	if (digits === '') throw inputError(node, itemIndex, 'Card Number', 'is empty');
	if (!/^\d+$/.test(digits))
		throw inputError(
			node,
			itemIndex,
			'Card Number',
			'must contain digits only (spaces and dashes are allowed)',
		);
	if (digits.length < 12 || digits.length > 19) {
		throw inputError(
			node,
			itemIndex,
			'Card Number',
			`has ${digits.length} digits; card numbers have 12 to 19`,
		);
	}
	if (!passesLuhn(digits))
		throw inputError(
			node,
			itemIndex,
			'Card Number',
			'is not a valid card number (check digit mismatch); check for a typo',
		);
	return digits;
}

export function passesLuhn(digits: string): boolean {
	let sum = 0;
	for (let index = 0; index < digits.length; index++) {
		let digit = Number(digits[digits.length - 1 - index]);
		if (index % 2 === 1) {
			digit *= 2;
			if (digit > 9) digit -= 9;
		}
		sum += digit;
	}
	return sum % 10 === 0;
}

/** "MM/YY" (or MM/YYYY, MM-YY, MMYY), not past: a card is valid to the end of its expiry month. */
export function readExpiry(node: INode, itemIndex: number, raw: unknown, now = new Date()): string {
	const match = /^(\d{1,2})\s*[/-]?\s*(\d{2}|\d{4})$/.exec(
		readText(node, itemIndex, 'Expiry (MM/YY)', raw),
	);
	if (!match)
		throw inputError(node, itemIndex, 'Expiry (MM/YY)', 'must be written MM/YY, e.g. 08/29');
	const month = Number(match[1]);
	const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
	if (month < 1 || month > 12)
		throw inputError(node, itemIndex, 'Expiry (MM/YY)', 'has a month outside 01-12');
	const endOfMonth = Date.UTC(year, month, 1);
	if (endOfMonth <= now.getTime())
		throw inputError(node, itemIndex, 'Expiry (MM/YY)', 'is in the past: the card has expired');
	return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

export function readCvv(node: INode, itemIndex: number, raw: unknown): string {
	const text = readText(node, itemIndex, 'CVV', raw);
	if (!/^\d{3,4}$/.test(text)) throw inputError(node, itemIndex, 'CVV', 'must be 3 or 4 digits');
	return text;
}

/** What may be shown of a card number: its last four digits. */
export function lastFour(cardNumber: string): string {
	return cardNumber.slice(-4);
}
