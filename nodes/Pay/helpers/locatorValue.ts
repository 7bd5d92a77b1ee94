/**
 * The value of a resource locator field as n8n stores it, `{ __rl: true, mode, value }`: fields
 * that pick a payment or a card from version 2 of the Pay node on. Version 1 stored plain text.
 */
import type { INodeProperties } from 'n8n-workflow';

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
