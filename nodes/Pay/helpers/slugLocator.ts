/**
 * The payment a field names, from version 2 of the Pay node on: n8n's resource locator with the
 * two ways a user holds a payment object, the link of its hosted page (`{page}/{slug}`, or any link
 * ending with the slug) and the slug itself. The service has no list of payment objects, so there
 * is no "From List". Errors name the field and the mode.
 */
import type { INode, INodeProperties } from 'n8n-workflow';

import { isSlug } from '../../shared/service/slugRule';
import { readText, shownValue, fieldAndMode, modeNames } from './fieldInput';
import type { LocatorValue } from './fieldInput';
import { inputError } from './inputError';
import { lastPathSegment, looksLikeLink } from './pageLink';

const SLUG_PATTERN = '[A-Za-z0-9_-]{1,64}';

export const slugLocatorProperty: INodeProperties = {
	displayName: 'Payment Slug',
	name: 'slug',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'id', value: '' },
	description:
		'The payment object: the link of its payment page, or its slug (the "slug" field of Payment → Create or Get)',
	modes: [
		{
			displayName: 'By URL',
			name: 'url',
			type: 'string',
			placeholder: 'e.g. https://checkout.example.com/aB3dE9xZ',
			hint: "The payment page's link, or any link ending with the slug",
			validation: [
				{
					type: 'regex',
					properties: {
						regex: `https?://\\S+/${SLUG_PATTERN}/?(?:[?#]\\S*)?`,
						errorMessage: 'Payment Slug (By URL): not a link ending with a payment slug',
					},
				},
			],
			extractValue: {
				type: 'regex',
				regex: `^https?://[^?#]*/(${SLUG_PATTERN})/?(?:[?#].*)?$`,
			},
		},
		{
			displayName: 'By Slug',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. aB3dE9xZ',
			validation: [
				{
					type: 'regex',
					properties: {
						regex: SLUG_PATTERN,
						errorMessage:
							'Payment Slug (By Slug): not a payment slug (1 to 64 letters, digits, "_" or "-")',
					},
				},
			],
		},
	],
};

/** The slug a locator value names, refused (naming the field and the mode) when it names none. */
export function readSlugLocator(
	node: INode,
	itemIndex: number,
	locator: LocatorValue,
	field = slugLocatorProperty.displayName,
): string {
	const property = { ...slugLocatorProperty, displayName: field };
	const label = fieldAndMode(property, locator.mode);
	const refuse = (problem: string) => inputError(node, itemIndex, field, problem, label);
	const text = readText(node, itemIndex, label, locator.value);
	if (locator.mode === 'url') {
		if (text === '') throw refuse("is empty; paste the payment page's link");
		if (!looksLikeLink(text))
			throw refuse(`${shownValue(text)} is not a link; for a slug, pick By Slug`);
		const slug = lastPathSegment(text);
		if (slug === undefined || !isSlug(slug))
			throw refuse(`${shownValue(text)} does not end with a payment slug`);
		return slug;
	}
	if (locator.mode === 'id') {
		if (text === '') throw refuse('is empty; map the "slug" of the payment object');
		if (looksLikeLink(text)) throw refuse(`${shownValue(text)} is a link; for a link, pick By URL`);
		if (!isSlug(text))
			throw refuse(
				`${shownValue(text)} is not a payment slug (1 to 64 letters, digits, "_" or "-")`,
			);
		return text;
	}
	throw refuse(`is not a way this field offers; pick ${modeNames(property)}`);
}
