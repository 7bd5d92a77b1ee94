import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { cardView, listedCards } from '../actions/card/cardView';
import { payApiRequest } from '../../shared/transport';

/**
 * The saved cards for the Card field's list, loaded live from the service (`GET /list_tc/`): each
 * shown by brand and last four digits ("VISA •••• 1111"), never more of the number; the value is
 * its card_uuid. Filtered by what the user types (brand, last four, holder).
 */
export async function searchCards(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const answer = await payApiRequest.call(this, {
		method: 'GET',
		path: '/list_tc/',
		safety: 'read',
		action: 'loading the card list',
	});
	const wanted = (filter ?? '').trim().toLowerCase();
	const results = listedCards(answer)
		.map((record) => cardView(record))
		.filter((card) => typeof card.card_uuid === 'string' && card.card_uuid !== '')
		.map((card) => ({ name: cardName(card), value: card.card_uuid as string }))
		.filter((card) => wanted === '' || card.name.toLowerCase().includes(wanted));
	return { results };
}

/** "VISA •••• 1111 (Ana Pérez)": brand, last four and holder, as far as the service gave them. */
function cardName(card: Record<string, unknown>): string {
	const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
	const brand = text(card.franchise) || 'Card';
	const last4 = text(card.last4);
	const holder = text(card.name_card);
	return [brand, last4 && `•••• ${last4}`, holder && `(${holder})`].filter(Boolean).join(' ');
}
