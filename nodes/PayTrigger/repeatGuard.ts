/**
 * Keeps repeated callbacks out: the same (kind, id, state) seen within the window emits once.
 * Kept in the workflow's static data so it survives restarts, and bounded in size.
 */
import type { IDataObject } from 'n8n-workflow';

export const MAX_REMEMBERED = 1000;

interface Memory {
	seen?: Record<string, number>;
}

export function eventKey(kind: string, id: string, state: number | null): string {
	return `${kind}:${id}:${state ?? 'none'}`;
}

/** Whether the key was seen within the window (minutes). Does not record it. */
export function seenRecently(
	staticData: IDataObject,
	key: string,
	windowMinutes: number,
	now = Date.now(),
): boolean {
	const at = (staticData as Memory).seen?.[key];
	return at !== undefined && now - at < windowMinutes * 60_000;
}

/** Whether the stored data has the key at all, however old. */
export function isRecorded(staticData: IDataObject, key: string): boolean {
	const seen = (staticData as Memory).seen;
	return seen !== undefined && Object.prototype.hasOwnProperty.call(seen, key);
}

/** Records the key, forgetting entries older than the window and the oldest beyond the size bound. */
export function remember(
	staticData: IDataObject,
	key: string,
	windowMinutes: number,
	now = Date.now(),
): void {
	const memory = staticData as Memory;
	const seen = { ...(memory.seen ?? {}) };
	seen[key] = now;
	const kept = Object.entries(seen)
		.filter(([, at]) => now - at < windowMinutes * 60_000)
		.sort((a, b) => b[1] - a[1])
		.slice(0, MAX_REMEMBERED);
	(staticData as IDataObject).seen = Object.fromEntries(kept);
}
