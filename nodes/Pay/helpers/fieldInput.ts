/**
 * Reading a field's value from what the editor or a mapping gives: text, whole numbers, yes/no, a
 * resource locator's value (amounts: amount.ts). A mapping can give anything (an object, a list,
 * a yes/no), and `String()` would turn an object into "[object Object]" and send it; these refuse
 * it instead, naming the field and what was given.
 */
import type { INode, INodeProperties } from 'n8n-workflow';

import { inputError } from './inputError';

/**
 * A text field: text is trimmed, a number (a phone or document number from a spreadsheet) becomes
 * text, nothing becomes "".
 */
export function readText(node: INode, itemIndex: number, field: string, raw: unknown): string {
	if (raw === undefined || raw === null) return '';
	if (typeof raw === 'string') return raw.trim();
	if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
	throw inputError(node, itemIndex, field, `must be text, got ${shownValue(raw)}`);
}

/** A text field that must not be empty; `hint` says what to put there. */
export function readRequiredText(
	node: INode,
	itemIndex: number,
	field: string,
	raw: unknown,
	hint = '',
): string {
	const text = readText(node, itemIndex, field, raw);
	if (text === '') throw inputError(node, itemIndex, field, `is empty${hint ? `; ${hint}` : ''}`);
	return text;
}

/**
 * A field that takes several values: a list of texts, or one text with the values separated by
 * commas or new lines.
 */
export function readTextList(
	node: INode,
	itemIndex: number,
	field: string,
	raw: unknown,
): string[] {
	const parts = Array.isArray(raw)
		? raw
		: typeof raw === 'string'
			? raw.split(/[,\n]/)
			: [readText(node, itemIndex, field, raw)];
	return parts.map((part) => readText(node, itemIndex, field, part)).filter((part) => part !== '');
}

/**
 * A count or a code: a whole number from `min` to `max`, typed or mapped as a number or as text.
 */
export function readWholeNumber(
	node: INode,
	itemIndex: number,
	field: string,
	raw: unknown,
	min: number,
	max = Infinity,
): number {
	const value =
		typeof raw === 'number'
			? raw
			: typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw)
				? Number(raw)
				: NaN;
	if (!Number.isInteger(value) || value < min || value > max) {
		const range = max === Infinity ? `${min} or more` : `from ${min} to ${max}`;
		throw inputError(
			node,
			itemIndex,
			field,
			`must be a whole number ${range}, got ${shownValue(raw)}`,
		);
	}
	return value;
}

/** A yes/no field: true or false, or their text as a spreadsheet or a form gives it. */
export function readYesNo(node: INode, itemIndex: number, field: string, raw: unknown): boolean {
	if (typeof raw === 'boolean') return raw;
	const text = typeof raw === 'string' ? raw.trim().toLowerCase() : undefined;
	if (text === 'true' || text === 'false') return text === 'true';
	throw inputError(node, itemIndex, field, `must be true or false, got ${shownValue(raw)}`);
}

/** A setting's number as typed or mapped (text holding a number too); undefined when not finite. */
export function finiteNumber(raw: unknown): number | undefined {
	const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * How a given value appears in an error message: quoted and cut short, and an object or list by its
 * kind, never its contents.
 */
export function shownValue(raw: unknown): string {
	if (raw === undefined || raw === null || raw === '') return 'nothing';
	if (Array.isArray(raw)) return 'a list';
	if (typeof raw === 'object') return 'an object';
	const text = typeof raw === 'string' ? JSON.stringify(raw) : String(raw);
	return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}…` : text;
}

/**
 * Enough to recognise a value in a message, short enough that a pasted document does not flood the
 * execution log.
 */
const SHOWN_LENGTH = 60;

/**
 * The value of a resource locator field as n8n stores it, `{ __rl: true, mode, value }`: fields
 * that pick a payment or a card from version 2 of the Pay node on. Version 1 stored plain text.
 */
export interface LocatorValue {
	mode: string;
	value: unknown;
}

export function isLocatorValue(raw: unknown): raw is LocatorValue {
	return typeof raw === 'object' && raw !== null && 'mode' in raw && 'value' in raw;
}

/** "Payment Slug (By URL)": the field and the mode as the editor shows them, for messages. */
export function fieldAndMode(property: INodeProperties, mode: string): string {
	const shown = property.modes?.find((candidate) => candidate.name === mode)?.displayName;
	return `${property.displayName} (${shown ?? `mode "${mode}"`})`;
}

/** The modes of a locator field as the editor lists them ("By URL or By Slug"), for messages. */
export function modeNames(property: INodeProperties): string {
	return (property.modes ?? []).map((mode) => mode.displayName).join(' or ');
}
