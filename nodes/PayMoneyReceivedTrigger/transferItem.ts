/**
 * A transfer as the workflow's item: what the list says, its direction, and which of its like it
 * is.
 */
import type { INodeExecutionData } from 'n8n-workflow';

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
		},
	};
}
