import type { INode, INodeProperties } from 'n8n-workflow';

import { readText, shownValue } from './fieldInput';
import { inputError } from './inputError';
import { isSlug } from '../../shared/service/slugRule';

/** The field that names a payment object: its slug (`url` in the service's answers). */
export const slugProperty: INodeProperties = {
	displayName: 'Payment Slug',
	name: 'slug',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. aB3dE9xZ',
	description:
		'The short code of the payment object, as returned when it was created (its slug field, or the URL field of some answers). A payment page link is accepted too.',
};

/**
 * A slug from what the user typed or mapped: the slug itself, or a page link ending with it.
 * The service's slugs are short codes of letters and digits ("_" and "-" are let through too), so
 * anything else is refused before sending.
 */
export function readSlug(
	node: INode,
	itemIndex: number,
	raw: unknown,
	field = 'Payment Slug',
): string {
	let text = readText(node, itemIndex, field, raw);
	if (text === '')
		throw inputError(node, itemIndex, field, 'is empty; map the "slug" of the payment object');
	if (/^https?:\/\//i.test(text)) {
		const link = text;
		text = lastPathSegment(link) ?? '';
		if (text === '')
			throw inputError(
				node,
				itemIndex,
				field,
				`${shownValue(link)} is not a payment page link ending with the slug`,
			);
	}
	if (!isSlug(text)) {
		throw inputError(
			node,
			itemIndex,
			field,
			`${shownValue(text)} is not a payment slug (1 to 64 letters, digits, "_" or "-")`,
		);
	}
	return text;
}

function lastPathSegment(link: string): string | undefined {
	try {
		return new URL(link).pathname
			.split('/')
			.filter((segment) => segment !== '')
			.pop();
	} catch {
		return undefined;
	}
}
