/**
 * The saved card a field names, from version 2 of the Pay node on: picked from the service's card
 * list (shown by brand and last four digits), or given by its card_uuid. Errors name the field and
 * the mode.
 */
import type { INode, INodeProperties } from 'n8n-workflow';

import { readText, shownValue, fieldAndMode, modeNames } from '../../helpers/fieldInput';
import type { LocatorValue } from '../../helpers/fieldInput';
import { inputError } from '../../helpers/inputError';

/** The service's card ids are UUIDs; letters, digits, "-" and "_" are let through, nothing else. */
const CARD_ID_PATTERN = '[A-Za-z0-9][A-Za-z0-9_-]{0,63}';
const CARD_ID = new RegExp(`^${CARD_ID_PATTERN}$`);

export const cardLocatorProperty: INodeProperties = {
	displayName: 'Card',
	name: 'cardUuid',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'list', value: '' },
	description:
		'A saved card: picked from the list, or its card_uuid from Card → Register or Get Many',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchCards', searchable: true },
		},
		{
			displayName: 'By UUID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 3f2a9c1e-8b7d-4e2f-9a6b-1c0d5e4f3a2b',
			validation: [
				{
					type: 'regex',
					properties: {
						regex: CARD_ID_PATTERN,
						errorMessage: 'Card (By UUID): not a card_uuid (letters, digits and "-")',
					},
				},
			],
		},
	],
};

/**
 * The card_uuid a locator value names, refused (naming the field and the mode) when it names none.
 */
export function readCardLocator(node: INode, itemIndex: number, locator: LocatorValue): string {
	const field = cardLocatorProperty.displayName;
	const label = fieldAndMode(cardLocatorProperty, locator.mode);
	const refuse = (problem: string) => inputError(node, itemIndex, field, problem, label);
	if (locator.mode !== 'list' && locator.mode !== 'id')
		throw refuse(`is not a way this field offers; pick ${modeNames(cardLocatorProperty)}`);
	const uuid = readText(node, itemIndex, label, locator.value);
	if (uuid === '')
		throw refuse(
			locator.mode === 'list'
				? 'is empty; pick a card from the list'
				: 'is empty; map the card_uuid of a saved card (Card → Register or Get Many)',
		);
	if (!CARD_ID.test(uuid))
		throw refuse(`${shownValue(uuid)} is not a card_uuid (letters, digits and "-")`);
	return uuid;
}
