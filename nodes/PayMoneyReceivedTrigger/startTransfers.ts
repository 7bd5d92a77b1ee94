/**
 * What an active workflow's poll does with the transfers it has not seen: each one wanted starts
 * an execution of its own (oldest first), and is noted as seen just before it starts, so that the
 * static data n8n saves with that execution holds it and none after it. Should n8n stop after the
 * first execution of a poll, the transfers after it are still new to the next poll: none is lost.
 * n8n 2.8.4 and 2.41.1 write the static data as `__emit` starts the execution, without waiting:
 * the database layer turns it into JSON a few promise steps later. So the poll lets those steps run
 * (one turn of the event loop) before it notes the next transfer: each write holds its own
 * execution's transfer and the ones before. (2.41.1 with its opt-in durable poll cursors copies the
 * static data at `__emit` and commits it in the execution's own transaction.)
 */
import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { Fresh, SeenTransfers } from './seenTransfers';
import { MAX_REMEMBERED } from './seenTransfers';
import type { ListedTransfer } from './transferList';
import { transferItem } from './transferItem';

export interface Intake {
	/** A first check that replays no history: everything listed counts as seen. */
	baseline: boolean;
	/** A first check with Include Earlier Transfers: the newest MAX_REMEMBERED wanted start. */
	firstWithEarlier: boolean;
	wanted(transfer: ListedTransfer): boolean;
}

/**
 * Notes the new transfers and starts one execution for each wanted: all but the last through
 * `__emit`, the last as the poll's answer (which n8n emits). Null when none starts.
 */
export async function startTransfers(
	context: IPollFunctions,
	book: SeenTransfers,
	news: Array<Fresh<ListedTransfer>>,
	intake: Intake,
): Promise<INodeExecutionData[][] | null> {
	const starting = startingOnes(news, intake);
	// Noted in batches: each wanted transfer with the ones listed after it that start nothing.
	let batch: Array<Fresh<ListedTransfer>> = [];
	let pending: INodeExecutionData | undefined;
	for (const fresh of news) {
		const starts = starting.has(fresh);
		if (starts && pending !== undefined) {
			book.note(...batch);
			batch = [];
			context.__emit([[pending]]);
			// n8n's write of the static data takes it as it stands after this turn.
			await sleep(0);
		}
		batch.push(fresh);
		if (starts) pending = transferItem(fresh.entry, fresh.occurrence);
	}
	if (batch.length > 0) book.note(...batch);
	return pending === undefined ? null : [[pending]];
}

/** The transfers that start an execution: the wanted ones, the newest 500 of a first check. */
function startingOnes(
	news: Array<Fresh<ListedTransfer>>,
	intake: Intake,
): Set<Fresh<ListedTransfer>> {
	if (intake.baseline) return new Set();
	const wanted = news.filter((fresh) => intake.wanted(fresh.entry));
	return new Set(intake.firstWithEarlier ? wanted.slice(-MAX_REMEMBERED) : wanted);
}
