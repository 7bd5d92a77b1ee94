/**
 * One entry of the transfer list (`GET /send/`: from_user, to_user, amount, date), as items carry
 * it: the amount as a number, the date as ISO text (the spec says ISO 8601; epoch numbers are read
 * too), every other field the service sent kept as it came.
 */
import type { IDataObject } from 'n8n-workflow';

import { isoDate } from './isoDate';
import { toNumber } from './normalize';

export interface TransferEntry {
	json: IDataObject;
	/** When it was made, in ms since the epoch; NaN when its date cannot be read. */
	time: number;
}

export function readTransfer(record: IDataObject): TransferEntry {
	const date = isoDate(record.date);
	return {
		json: {
			...record,
			amount: toNumber(record.amount) ?? record.amount,
			date: date ?? record.date,
		},
		time: date === undefined ? NaN : Date.parse(date),
	};
}
