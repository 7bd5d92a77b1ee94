/**
 * Counts, per execution, the money-moving calls an AI agent made through one Pay Tool node, for
 * "Maximum Money-Moving Calls per Execution". Each tool call is its own run of the node, so the
 * count lives beside the runs, in process memory: an agent's calls of one execution run in one
 * process. Only the most recent executions are kept, so a busy instance does not hold every count.
 */
const MAX_EXECUTIONS = 1_000;
const counts = new Map<string, number>();

export function callCountScope(workflowId: string, executionId: string, nodeName: string): string {
	return JSON.stringify([workflowId, executionId, nodeName]);
}

export function moneyCallsMade(scope: string): number {
	return counts.get(scope) ?? 0;
}

/** Counts one call; made before it is sent, so a call whose outcome is unknown still counts. */
export function countMoneyCall(scope: string): void {
	const made = moneyCallsMade(scope) + 1;
	counts.delete(scope);
	counts.set(scope, made);
	while (counts.size > MAX_EXECUTIONS) counts.delete(counts.keys().next().value as string);
}

/** A call refused by the service moved nothing: it gives its place back. */
export function uncountMoneyCall(scope: string): void {
	const made = moneyCallsMade(scope);
	if (made > 0) counts.set(scope, made - 1);
}
