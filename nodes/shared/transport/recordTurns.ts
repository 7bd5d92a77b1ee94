/**
 * n8n's deduplication helpers read a record list, then write it back whole: two calls at once in
 * one process would lose one's write. Calls on the same list therefore wait their turn here.
 */

/** Calls waiting per record list; a list's entry leaves when its last call is done. */
const turns = new Map<string, Promise<unknown>>();

export async function inTurn<T>(list: string, task: () => Promise<T>): Promise<T> {
	const before = turns.get(list) ?? Promise.resolve();
	const mine = before.then(task, task);
	const settled = mine.then(
		() => undefined,
		() => undefined,
	);
	turns.set(list, settled);
	try {
		return await mine;
	} finally {
		if (turns.get(list) === settled) turns.delete(list);
	}
}

/** How many record lists have calls waiting; lets tests check that nothing is held after a run. */
export function recordQueuesInUse(): number {
	return turns.size;
}
