import type { INode } from 'n8n-workflow';

import { readText, shownValue } from './fieldInput';
import { inputError } from './inputError';

/**
 * Texts already found to be http(s) URLs. A fixed URL field (Payer Redirect URL, Callback URL)
 * gives the same text for every item, and parsing it was a cost per item; a handful is all a run
 * has.
 */
const knownHttpUrls = new Set<string>();
const KNOWN_URLS_AT_MOST = 32;

/** Whether a text is an absolute http(s) URL, the only kind the service can call back. */
export function isHttpUrl(url: string): boolean {
	if (knownHttpUrls.has(url)) return true;
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return false;
	}
	if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
	if (knownHttpUrls.size >= KNOWN_URLS_AT_MOST) knownHttpUrls.clear();
	knownHttpUrls.add(url);
	return true;
}

/** An optional URL field: empty stays empty, anything else must be an absolute http(s) URL. */
export function readUrlField(node: INode, itemIndex: number, field: string, raw: unknown): string {
	const text = readText(node, itemIndex, field, raw);
	if (text === '') return '';
	if (!isHttpUrl(text))
		throw inputError(node, itemIndex, field, `${shownValue(text)} is not an http(s) URL`);
	return text;
}

/**
 * A URL field that must not be empty (a mapping can give nothing even where the editor requires a
 * value); `hint` says what to put there.
 */
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
