import type { IDataObject } from 'n8n-workflow';

/** A saved card as the service lists it, with `card_uuid` always present under that name. */
export function cardView(record: unknown): IDataObject {
	if (typeof record !== 'object' || record === null || Array.isArray(record)) return { raw: record as IDataObject };
	const card = record as IDataObject;
	const uuid = card.card_uuid ?? card.uuid ?? card.tc_id ?? card.id;
	const view: IDataObject = { ...card, card_uuid: uuid ?? null };
	if (typeof card.iai_card === 'string') view.last4 = card.iai_card.slice(-4);
	return view;
}
