/**
 * The token of one wait: made at random when a waiting node runs, carried in the callback URL it
 * gives the service, and kept with the execution only as a digest (waitRecord.ts). A callback
 * opens the wait only with it, so a changed Callback Secret strands no waiting execution, and a
 * leaked link URL opens its own wait and no other.
 */
import { createHash, randomBytes, timingSafeEqual } from 'crypto';

import { onceForTheRun } from '../execution/readParameter';
import type { OperationEnvironment } from '../execution/operationEnvironment';

/** The query parameter of the callback URL that carries the token (the callback secret's name). */
export const WAIT_TOKEN_PARAMETER = 'token';

/** One token for every item of the run: one wait covers the whole run. */
export async function waitTokenOfRun(
	env: Pick<OperationEnvironment, 'executionCache'>,
): Promise<string> {
	return await onceForTheRun(env, 'wait-token', () => randomBytes(24).toString('base64url'));
}

/** What the execution keeps: the token cannot be found from it. */
export function tokenDigest(token: string): string {
	return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** Whether a callback carries the token whose digest the wait kept; same time whatever it holds. */
export function carriesWaitToken(received: unknown, keptDigest: string): boolean {
	if (typeof received !== 'string' || received === '' || keptDigest === '') return false;
	const expected = Buffer.from(keptDigest);
	const actual = Buffer.from(tokenDigest(received));
	return actual.length === expected.length && timingSafeEqual(actual, expected);
}
