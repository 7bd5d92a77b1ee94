import type { INode, INodeProperties } from 'n8n-workflow';

import { isSlug } from '../../shared/service/slugRule';
import { readText, shownValue, isLocatorValue } from './fieldInput';
import { inputError } from './inputError';
import { atVersion1, fromVersion2 } from './nodeVersions';
import { lastPathSegment, looksLikeLink } from './pageLink';
import { readSlugLocator, slugLocatorProperty } from './slugLocator';

/**
 * The field that names a payment object at version 1: its slug (`url` in the service's answers), as
 * text.
 */
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
 * The Payment Slug field of every operation that names a payment: text at version 1, a locator from
 * version 2.
 */
export const slugProperties: INodeProperties[] = [
	atVersion1(slugProperty),
	fromVersion2(slugLocatorProperty),
];

/**
 * A slug from what the user typed or mapped. From version 2 the field is a locator (By URL, By
 * Slug: slugLocator.ts). At version 1 it is text: the slug itself, or a page link ending with it.
 * The service's slugs are short codes of letters and digits ("_" and "-" are let through too), so
 * anything else is refused before sending.
 */
export function readSlug(
	node: INode,
	itemIndex: number,
	raw: unknown,
	field = 'Payment Slug',
): string {
	if (isLocatorValue(raw)) return readSlugLocator(node, itemIndex, raw, field);
	let text = readText(node, itemIndex, field, raw);
	if (text === '')
		throw inputError(node, itemIndex, field, 'is empty; map the "slug" of the payment object');
	if (looksLikeLink(text)) {
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
