/**
 * A transfer as the workflow's item: what the list says, its direction, which of its like it is,
 * and the fields a bookkeeper books (nodes/shared/accounting).
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { transferAccounting } from '../shared/accounting/transferAccounting';
import type { ListedTransfer } from './transferList';

export function transferItem(transfer: ListedTransfer, occurrence: number): INodeExecutionData {
	const { json, direction } = transfer;
	return {
		json: {
			event: `transfer.${direction}`,
			direction,
			...json,
			// The service gives no id: with these four fields, the nth of alike transfers is told apart.
			occurrence,
			transfer_key: [json.date, json.from_user, json.to_user, json.amount, occurrence].join('|'),
			...transferAccounting(json),
		},
	};
}
