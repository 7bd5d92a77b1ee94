/**
 * The Pay node's versions. A workflow keeps the version it was saved with, and n8n shows it the
 * fields of that version: a field whose shape changed is two fields of one name, each shown at its
 * versions (as n8n's own nodes do), so parameters saved at version 1 keep working unchanged.
 *
 * 1: payments and cards are typed as text (a slug, a card_uuid); outputs are the service's whole
 *    answers.
 * 2: payments (By URL, By Slug) and cards (From List, By UUID) are picked with resource locators;
 *    Simplify (on by default) trims payment objects, checkouts, cards and transfer lists.
 */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

export const PAY_NODE_VERSIONS = [1, 2];

/** The version a new Pay node gets. */
export const CURRENT_PAY_NODE_VERSION = 2;

const FROM_VERSION_2: IDisplayOptions = { show: { '@version': [{ _cnd: { gte: 2 } }] } };
const AT_VERSION_1: IDisplayOptions = { show: { '@version': [1] } };

/** The field, shown from version 2 on. */
export function fromVersion2(property: INodeProperties): INodeProperties {
	return withShow(property, FROM_VERSION_2);
}

/** The field, shown at version 1 only (its shape as workflows saved it then). */
export function atVersion1(property: INodeProperties): INodeProperties {
	return withShow(property, AT_VERSION_1);
}

function withShow(property: INodeProperties, version: IDisplayOptions): INodeProperties {
	return {
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...property.displayOptions?.show, ...version.show },
		},
	};
}
