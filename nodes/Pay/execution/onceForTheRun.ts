/**
 * A value every item of a node run shares (the service's public key, the parts of the derived
 * Reference, a callback URL with its secret), worked out by the first item that needs it. Items
 * running at once wait for the same promise rather than each working it out. A failure is not
 * kept: the next item tries again, and each failing item gets its own error.
 */
import type { OperationEnvironment } from './operationEnvironment';

export async function onceForTheRun<T>(
	env: Pick<OperationEnvironment, 'executionCache'>,
	key: string,
	make: () => T | Promise<T>,
): Promise<T> {
	const cache = env.executionCache;
	const shared = cache.get(key) as Promise<T> | undefined;
	if (shared !== undefined) return await shared;
	const made = Promise.resolve().then(make);
	cache.set(key, made);
	made.catch(() => {
		if (cache.get(key) === made) cache.delete(key);
	});
	return await made;
}
