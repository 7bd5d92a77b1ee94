/**
 * One check of the transfer list. In a test run (the editor's "Fetch Test Event") the newest
 * matching transfer, records untouched; in an active workflow, each transfer not seen before starts
 * an execution of its own (oldest first), so that one reconciliation failing or retried is about
 * one transfer, and is recorded as seen as its own execution starts (startTransfers.ts).
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ACCOUNT_LABEL, readIdentities } from './accountIdentity';
import { keepBelowFloor, noteBelowFloor } from './belowFloor';
import { noteListedLate, noteNoOverlap, noteUndated } from './pollNotes';
import { SeenTransfers } from './seenTransfers';
import type { Listed } from './seenTransfers';
import { startTransfers } from './startTransfers';
import { readTransferList } from './transferList';
import type { ListedTransfer } from './transferList';
import { transferItem } from './transferItem';

type Transfers = Array<Listed<ListedTransfer>>;

export async function pollTransfers(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const node = this.getNode();
	const account = String(this.getNodeParameter('account', ''));
	const identities = readIdentities(node, account);
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const wanted = (transfer: ListedTransfer) =>
		transfer.direction === 'received' ||
		(options.includeSent === true && transfer.direction === 'sent');

	if (this.getMode() === 'manual') {
		const { listed } = await readTransferList(this, node, identities);
		checkTheListNamesTheAccount(this, listed, account);
		const matching = listed.filter((transfer) => wanted(transfer.entry));
		return newestForTest(this, matching, account);
	}

	const book = new SeenTransfers(this.getWorkflowStaticData('node'));
	const newestSeen = book.size > 0 ? book.newest : undefined;
	const { listed, complete } = await readTransferList(this, node, identities, newestSeen);
	checkTheListNamesTheAccount(this, listed, account);
	noteUndated(this, listed);
	noteNoOverlap(this, book, listed);
	if (complete) noteBelowFloor(this, book, listed);
	const news = book.newIn(listed);
	if (newestSeen !== undefined) noteListedLate(this, news, newestSeen);
	const first = !book.started;
	book.markChecked();
	const answer = await startTransfers(this, book, news, {
		baseline: first && options.includeEarlier !== true,
		firstWithEarlier: first && options.includeEarlier === true,
		wanted,
	});
	// Before the answer leaves: n8n commits the static data with the execution it starts.
	if (complete) keepBelowFloor(book, listed);
	return answer;
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
