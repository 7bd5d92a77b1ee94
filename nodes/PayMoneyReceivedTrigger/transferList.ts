/**
 * The account's transfer list (`GET /send/`, as many pages as the poll needs: listReach.ts), each
 * entry with its direction: received (the account is `to_user`), sent (`from_user`), or neither
 * (the account's name as given is not the one the list uses, or the list holds other accounts'
 * transfers).
 */
import type { IDataObject, INode, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readTransfer } from '../shared/service/transferRecord';
import { readPages, payApiRequest, CREDENTIAL_NAME } from '../shared/transport';
import { namesAccount } from './accountIdentity';
import { readFarEnough } from './listReach';
import { transferKey } from './seenTransfers';
import type { Listed } from './seenTransfers';

export type Direction = 'received' | 'sent' | 'neither';

export interface ListedTransfer {
	json: IDataObject;
	direction: Direction;
}

const WHAT = 'the transfer list';

export interface TransferList {
	listed: Array<Listed<ListedTransfer>>;
	/** Whether the list was read to its end (not stopped at the transfers already seen). */
	complete: boolean;
}

/**
 * Reads the list; `newestSeen` (the date of the newest transfer seen, if any) lets the reading
 * stop at the pages already seen.
 */
export async function readTransferList(
	context: IPollFunctions,
	node: INode,
	identities: Set<string>,
	newestSeen?: number,
): Promise<TransferList> {
	const credentials = await context.getCredentials(CREDENTIAL_NAME);
	const { entries, complete } = await readPages({
		baseUrl: credentials.baseUrl,
		firstPath: '/send/',
		what: WHAT,
		read: async (path) =>
			await payApiRequest.call(context, {
				method: 'GET',
				path,
				safety: 'read',
				action: `reading ${WHAT}`,
				credentials,
				node,
			}),
		fail: (message, description) => new NodeOperationError(node, message, { description }),
		enough: (read) => readFarEnough(read, newestSeen),
	});
	const listed = entries
		.filter((record): record is IDataObject => typeof record === 'object' && record !== null)
		.map((record) => {
			const { json, time } = readTransfer(record);
			const direction: Direction = namesAccount(json.to_user, identities)
				? 'received'
				: namesAccount(json.from_user, identities)
					? 'sent'
					: 'neither';
			const key = transferKey(json.date, json.from_user, json.to_user, json.amount);
			return { key, time, entry: { json, direction } };
		});
	return { listed, complete };
}
