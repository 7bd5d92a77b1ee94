/**
 * Remembers, within one execution, which items already sent a request that must not be repeated.
 *
 * n8n's "Retry On Fail" runs the whole node again when it throws: without this ledger, items that
 * had already paid or withdrawn before a later item failed would pay again. On a repeat the ledger
 * hands back the recorded answer (or the recorded "outcome unknown" error) instead of sending.
 *
 * It lives in process memory because retries of one execution run in the same process, and it is
 * bounded: only the most recent executions are kept.
 */
export type LedgerEntry =
	| { state: 'in_flight' }
	| { state: 'done'; answer: unknown }
	| { state: 'unknown'; error: Error }
	/** A money-moving request the service answered with a failure: repeated as that failure, not re-sent. */
	| { state: 'failed'; error: Error };

const MAX_EXECUTIONS = 200;

const ledgers = new Map<string, Map<string, LedgerEntry>>();

function ledgerOf(executionKey: string): Map<string, LedgerEntry> {
	let ledger = ledgers.get(executionKey);
	if (ledger) {
		// Refresh its place so the oldest execution is evicted first.
		ledgers.delete(executionKey);
		ledgers.set(executionKey, ledger);
		return ledger;
	}
	ledger = new Map();
	ledgers.set(executionKey, ledger);
	while (ledgers.size > MAX_EXECUTIONS) {
		const oldest = ledgers.keys().next().value as string;
		ledgers.delete(oldest);
	}
	return ledger;
}

export function readLedger(executionKey: string, requestKey: string): LedgerEntry | undefined {
	return ledgers.get(executionKey)?.get(requestKey);
}

export function writeLedger(executionKey: string, requestKey: string, entry: LedgerEntry): void {
	ledgerOf(executionKey).set(requestKey, entry);
}

/** A refused request (the service said no) may be sent again: nothing happened the first time. */
export function forgetLedger(executionKey: string, requestKey: string): void {
	ledgers.get(executionKey)?.delete(requestKey);
}
