/**
 * A node run's requests from the first to the last: the scope its at-most-once ledger keeps their
 * answers under, and its end, when the ledger lets go of them. The run's owner (the router) says
 * when it starts and ends; what is kept and for how long is the transport's.
 */
import { ledgerScope, releaseLedger } from '../neverTwice/ledger';

/** The scope of one run of a node in an execution; outside an execution (no id), none. */
export function runScope(
	workflowId: string,
	executionId: string | undefined,
	nodeName: string,
	runIndex: number,
): string | undefined {
	return executionId ? ledgerScope(workflowId, executionId, nodeName, runIndex) : undefined;
}

/**
 * The run's items are done. With none failed, n8n will not run it again, so the ledger lets go of
 * its answers; after a failure they are kept, as n8n's Retry On Fail may run the node again and
 * must meet them, never a second send.
 */
export function endRunScope(scope: string | undefined, failedItems: number): void {
	if (failedItems === 0 && scope !== undefined) releaseLedger(scope);
}
