/**
 * The records this process wrote to each of n8n's deduplication lists lately. n8n writes a list
 * back whole after reading it, and in a real n8n a list has been seen to lose this node's newest
 * records (a Retry then sent a transfer again): every write of this node therefore carries these
 * keys along, so a record lost since is recorded again before anything is decided on the list.
 * An addition to n8n's database, never a replacement: another process's writes are not known here.
 * Only settled records are carried (a claim once it is this process's own, a "sent" mark): an owner
 * key carried along would revive a claim another process's write took over, and both would send.
 */

/** Keys kept per list: the last 200 payments of this process, three keys each. */
const KEPT_PER_LIST = 600;

const remembered = new Map<string, Set<string>>();

export function rememberRecorded(list: string, keys: string[]): void {
	let kept = remembered.get(list);
	if (!kept) remembered.set(list, (kept = new Set()));
	for (const key of keys) {
		// Seen again: to the end, so the oldest are let go first.
		kept.delete(key);
		kept.add(key);
	}
	for (const oldest of kept) {
		if (kept.size <= KEPT_PER_LIST) break;
		kept.delete(oldest);
	}
}

export function forgetRecorded(list: string, keys: string[]): void {
	const kept = remembered.get(list);
	if (!kept) return;
	for (const key of keys) kept.delete(key);
	if (kept.size === 0) remembered.delete(list);
}

/** The keys to record again with the next write of `list`, besides `asked`. */
export function rememberedBesides(list: string, asked: string[]): string[] {
	const kept = remembered.get(list);
	return kept ? [...kept].filter((key) => !asked.includes(key)) : [];
}
