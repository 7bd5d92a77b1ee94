import type { IDataObject } from 'n8n-workflow';

/**
 * The names the service gives a card's id: `uuid` in lists, `card_id` on registration (real
 * clients), others seen.
 */
const ID_NAMES = ['card_uuid', 'uuid', 'card_id', 'tc_id', 'id'] as const;

/**
 * A saved card as the node outputs it: `card_uuid` and `last4` first, then the service's other
 * fields. The names they were read from are left out when they say the same, so each shows once.
 */
export function cardView(record: unknown, last4?: string): IDataObject {
	if (typeof record !== 'object' || record === null || Array.isArray(record)) {
		return {
			card_uuid: null,
			...(last4 === undefined ? {} : { last4 }),
			raw: record as IDataObject,
		};
	}
	const card = record as IDataObject;
	const uuid =
		ID_NAMES.map((name) => card[name]).find(
			(value) => value !== undefined && value !== null && value !== '',
		) ?? null;
	const digits = last4 ?? (typeof card.iai_card === 'string' ? card.iai_card.slice(-4) : undefined);
	const first: Array<[string, unknown]> = [['card_uuid', uuid]];
	if (digits !== undefined) first.push(['last4', digits]);
	const rest = Object.entries(card).filter(([name, value]) => {
		if (name === 'card_uuid' || name === 'last4') return false;
		if ((ID_NAMES as readonly string[]).includes(name) && value === uuid) return false;
		return !(
			name === 'iai_card' &&
			typeof value === 'string' &&
			value.length <= 4 &&
			value === digits
		);
	});
	// fromEntries keeps any name as a field, "__proto__" included, where `view[name] =` would set the
	// prototype.
	return Object.fromEntries([...first, ...rest]) as IDataObject;
}

/**
 * The cards of a list answer, however it came: `{"data": [...]}` (real clients), a bare list (the
 * spec's sandbox), or one card, bare or under `data`.
 */
export function listedCards(answer: unknown): unknown[] {
	if (answer === undefined || answer === null || answer === '') return [];
	if (Array.isArray(answer)) return answer;
	const data = typeof answer === 'object' ? (answer as IDataObject).data : undefined;
	if (Array.isArray(data)) return data;
	if (typeof data === 'object' && data !== null) return [data];
	return [answer];
}
