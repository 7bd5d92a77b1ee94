/**
 * One check of the transfer list. In a test run (the editor's "Fetch Test Event") the newest
 * matching transfer, records untouched; in an active workflow, each transfer not seen before,
 * recorded before its execution starts, each starting an execution of its own (oldest first), so
 * that one reconciliation failing or retried is about one transfer.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ACCOUNT_LABEL, readIdentities } from './accountIdentity';
import { SeenTransfers } from './seenTransfers';
import type { Listed } from './seenTransfers';
import { readTransferList } from './transferList';
import type { ListedTransfer } from './transferList';
import { transferItem } from './transferItem';

type Transfers = Array<Listed<ListedTransfer>>;

export async function pollTransfers(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const node = this.getNode();
	const account = String(this.getNodeParameter('account', ''));
	const identities = readIdentities(node, account);
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const listed = await readTransferList(this, node, identities);
	checkTheListNamesTheAccount(this, listed, account);
	const wanted = (transfer: ListedTransfer) =>
		transfer.direction === 'received' ||
		(options.includeSent === true && transfer.direction === 'sent');

	if (this.getMode() === 'manual') {
		const matching = listed.filter((transfer) => wanted(transfer.entry));
		return newestForTest(this, matching, account);
	}

	const book = new SeenTransfers(this.getWorkflowStaticData('node'));
	const baseline = !book.started && options.includeEarlier !== true;
	const items = book
		.takeIn(listed, baseline)
		.filter((fresh) => wanted(fresh.entry))
		.map((fresh) => transferItem(fresh.entry, fresh.occurrence));
	const undated = listed.filter((transfer) => Number.isNaN(transfer.time)).length;
	if (undated > 0)
		this.logger.warn(
			`Pay Money Received Trigger skipped ${undated} listed transfer(s) without a readable date`,
		);
	if (items.length === 0) return null;
	// n8n starts one execution per emission: all but the last here, the last as the poll's answer.
	for (const item of items.slice(0, -1)) this.__emit([[item]]);
	return [[items[items.length - 1]]];
}

/**
 * A list that names the account nowhere: the name given is not the list's (else nothing would ever
 * start).
 */
function checkTheListNamesTheAccount(context: IPollFunctions, listed: Transfers, account: string) {
	if (listed.length === 0 || listed.some((transfer) => transfer.entry.direction !== 'neither'))
		return;
	const names = new Set(
		listed.flatMap(({ entry }) => [String(entry.json.from_user), String(entry.json.to_user)]),
	);
	throw new NodeOperationError(
		context.getNode(),
		`None of the ${listed.length} transfers listed names this account as "${account}"`,
		{
			description: `Set ${ACCOUNT_LABEL} to the name the list uses for this account. Names in the list: ${[...names].slice(0, 6).join(', ')}.`,
		},
	);
}

function newestForTest(context: IPollFunctions, matching: Transfers, account: string) {
	const newest = matching
		.filter((transfer) => !Number.isNaN(transfer.time))
		.sort((a, b) => b.time - a.time)[0];
	if (newest === undefined) {
		throw new NodeOperationError(
			context.getNode(),
			`The service lists no transfer to "${account}" yet`,
			{
				description:
					"Send one to this account and fetch again. The spec's transfer list holds only the transfers an account made; the live service's real clients see received ones too.",
			},
		);
	}
	const occurrence = matching.filter((transfer) => transfer.key === newest.key).length;
	return [[transferItem(newest.entry, occurrence)]];
}
