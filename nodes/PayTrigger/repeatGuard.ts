/**
 * Keeps repeated callbacks out: the same (kind, id, state) started within the window emits once.
 * The records live in the workflow's static data, which n8n saves in its database (so they survive
 * a restart), bounded in size.
 *
 * n8n loads the static data afresh for each request and writes it back whole after it, so two
 * events arriving together would each save their own record only, and the last save would win.
 * Hence one record book per trigger node in this process, shared by its requests: what n8n loaded
 * is merged into it, and the static data is given the book itself, so that every save carries
 * every record this process holds when the save is written, the other requests' included.
 */
import type { IDataObject } from 'n8n-workflow';

/** Records kept per trigger node, the newest first. */
export const MAX_REMEMBERED = 1000;
/** Trigger nodes this process keeps a book for, the most recently used first. */
export const MAX_BOOKS = 1000;

/** Event key → when it started the workflow (ms since the epoch). */
type RecordBook = Record<string, number>;

const books = new Map<string, RecordBook>();

export function eventKey(kind: string, id: string, state: number | null): string {
	return `${kind}:${id}:${state ?? 'none'}`;
}

/** One request's view of a trigger node's records, for a window of `windowMinutes` (more than 0). */
export class RepeatRecords {
	constructor(
		private readonly staticData: IDataObject,
		private readonly book: RecordBook,
		private readonly windowMinutes: number,
	) {}

	/** Whether the key started the workflow within the window. Does not record it. */
	seenRecently(key: string, now = Date.now()): boolean {
		const at = this.book[key];
		return at !== undefined && now - at < this.windowMinutes * 60_000;
	}

	/** Whether the key is recorded at all, however old. */
	isRecorded(key: string): boolean {
		return Object.prototype.hasOwnProperty.call(this.book, key);
	}

	/** Records the key, forgetting records older than the window and the oldest beyond the bound. */
	remember(key: string, now = Date.now()): void {
		// Added last, so that the book stays in the order of its times (see prune).
		delete this.book[key];
		this.book[key] = now;
		prune(this.book, this.windowMinutes, now);
		// Set through n8n's static data (not only changed inside it), so that n8n sees a change to save.
		this.staticData.seen = this.book;
	}
}

/**
 * The records of one trigger node (`trigger`: its workflow and name), as this process holds them
 * merged with what n8n loaded into this request's static data.
 */
export function repeatRecords(
	trigger: string,
	staticData: IDataObject,
	windowMinutes: number,
	now = Date.now(),
): RepeatRecords {
	const book = books.get(trigger) ?? {};
	books.delete(trigger);
	books.set(trigger, book);
	if (books.size > MAX_BOOKS) books.delete(books.keys().next().value as string);
	const loaded = staticData.seen as IDataObject | null | undefined;
	if (loaded !== book && typeof loaded === 'object' && loaded !== null) {
		for (const key in loaded) {
			const at = loaded[key];
			if (typeof at === 'number' && !(book[key] >= at)) book[key] = at;
		}
		prune(book, windowMinutes, now);
	}
	return new RepeatRecords(staticData, book, windowMinutes);
}

/**
 * Forgets the records older than the window, then the oldest beyond MAX_REMEMBERED. Run on every
 * callback over up to a thousand records, so in one pass: a book's keys come in the order they were
 * added, which is the order of their times unless records of another process were merged in; only
 * then are they sorted, and the book rebuilt in order.
 */
export function prune(book: RecordBook, windowMinutes: number, now: number): void {
	let kept = 0;
	let inOrder = true;
	let previous = -Infinity;
	for (const key in book) {
		const at = book[key];
		if (now - at >= windowMinutes * 60_000) {
			delete book[key];
			continue;
		}
		kept++;
		if (at < previous) inOrder = false;
		previous = at;
	}
	if (kept <= MAX_REMEMBERED) return;
	if (inOrder) {
		let excess = kept - MAX_REMEMBERED;
		for (const key in book) {
			if (excess-- <= 0) break;
			delete book[key];
		}
		return;
	}
	const newest = Object.entries(book)
		.sort((a, b) => a[1] - b[1])
		.slice(-MAX_REMEMBERED);
	for (const key in book) delete book[key];
	for (const [key, at] of newest) book[key] = at;
}
