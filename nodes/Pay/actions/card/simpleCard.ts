import type { IDataObject } from 'n8n-workflow';

import { pickFields } from '../pickFields';

/**
 * A saved card with Simplify (from version 2): its id, brand, first six and last four digits,
 * holder.
 */
export function simpleCard(card: IDataObject): IDataObject {
	return pickFields(card, ['card_uuid', 'last4', 'franchise', 'bin_card', 'name_card']);
}
