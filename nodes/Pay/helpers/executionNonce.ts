import { randomBytes } from 'crypto';

/**
 * A random value drawn once per execution and kept in process memory for as long as the execution
 * can retry (n8n's Retry On Fail runs in the same process). Mixed into derived idempotency keys, it
 * makes them unique across n8n instances and databases — execution ids restart at 1 after a reset,
 * and the same workflow id can live in two instances — while staying stable within one execution.
 *
 * Kept least-recently-used first: every use moves an execution to the back, so a long execution
 * that keeps deriving keys is never the one forgotten. Losing a nonce mid-execution would give an
 * item a new key and let a retry create a second object, hence the generous bound (about 1 MB).
 */
const MAX_EXECUTIONS = 10_000;
const nonces = new Map<string, string>();

export function executionNonce(executionKey: string): string {
	let nonce = nonces.get(executionKey);
	if (nonce === undefined) {
		nonce = randomBytes(16).toString('hex');
	} else {
		nonces.delete(executionKey);
	}
	nonces.set(executionKey, nonce);
	while (nonces.size > MAX_EXECUTIONS) nonces.delete(nonces.keys().next().value as string);
	return nonce;
}
