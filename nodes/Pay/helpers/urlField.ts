import type { INode } from 'n8n-workflow';

import { readText, shownValue } from './fieldInput';
import { inputError } from './inputError';

/** Whether a text is an absolute http(s) URL, the only kind the service can call back. */
export function isHttpUrl(url: string): boolean {
	try {
		const parsed = new URL(url);
		return parsed.protocol === 'http:' || parsed.protocol === 'https:';
	} catch {
		return false;
	}
}

/** An optional URL field: empty stays empty, anything else must be an absolute http(s) URL. */
export function readUrlField(node: INode, itemIndex: number, field: string, raw: unknown): string {
	const text = readText(node, itemIndex, field, raw);
	if (text === '') return '';
	if (!isHttpUrl(text))
		throw inputError(node, itemIndex, field, `${shownValue(text)} is not an http(s) URL`);
	return text;
}

/** A URL field that must not be empty (a mapping can give nothing even where the editor requires a value); `hint` says what to put there. */
export function readRequiredUrlField(
	node: INode,
	itemIndex: number,
	field: string,
	raw: unknown,
	hint: string,
): string {
	const url = readUrlField(node, itemIndex, field, raw);
	if (url === '') throw inputError(node, itemIndex, field, `is empty; ${hint}`);
	return url;
}
