import type { INode } from 'n8n-workflow';

import { shownValue } from './fieldInput';
import { inputError } from './inputError';

/**
 * Reads an amount typed in the editor or mapped from an item: a number, or a text such as
 * "50000", "50000.5" or "50,000.50" (thousands commas allowed, as spreadsheets export them).
 * Refuses anything that is not a positive, finite number, naming the field. The service keeps
 * amounts in cents, so a third decimal is refused rather than rounded by whoever comes next;
 * binary noise such as 0.1 + 0.2 is not a third decimal, and is dropped.
 */
export function readPositiveAmount(
	node: INode,
	itemIndex: number,
	field: string,
	raw: unknown,
): number {
	const value = readAboveZero(node, itemIndex, field, raw);
	const inCents = Math.round(value * 100) / 100;
	if (Math.abs(value - inCents) > Math.abs(value) * FLOAT_NOISE + 1e-12) {
		throw inputError(
			node,
			itemIndex,
			field,
			`has more than two decimals (COP amounts are kept in cents), got ${value}; it is not rounded for you`,
		);
	}
	return inCents;
}

/**
 * How far, relative to the amount, floating-point arithmetic lands without anyone meaning it: a few
 * units in the last place.
 */
const FLOAT_NOISE = 1e-15;

/**
 * Whole pesos only: a fraction is refused, never rounded, so the amount sent is the amount meant.
 */
export function readWholeAmount(
	node: INode,
	itemIndex: number,
	field: string,
	raw: unknown,
): number {
	const value = readAboveZero(node, itemIndex, field, raw);
	if (!Number.isInteger(value)) {
		throw inputError(
			node,
			itemIndex,
			field,
			`must be a whole number of pesos (COP), got ${value}; it is not rounded for you`,
		);
	}
	return value;
}

function readAboveZero(node: INode, itemIndex: number, field: string, raw: unknown): number {
	const value = typeof raw === 'string' ? parseAmountText(raw) : raw;
	if (typeof value !== 'number' || !Number.isFinite(value)) {
		throw inputError(node, itemIndex, field, `must be a number, got ${shownValue(raw)}`);
	}
	if (value <= 0) {
		throw inputError(node, itemIndex, field, `must be greater than 0, got ${value}`);
	}
	return value;
}

function parseAmountText(text: string): number | undefined {
	const trimmed = text.trim();
	if (!/^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(trimmed)) return undefined;
	return Number(trimmed.replace(/,/g, ''));
}
