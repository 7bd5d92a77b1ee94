/**
 * The records of one trigger node: when each event started the workflow, the oldest first, in a
 * Map rather than a plain object. With a thousand keys added and deleted, an object turns into a
 * dictionary that every `for...in` sorts again: pruning it took 2–3 ms of n8n's main thread per
 * callback (a profile of n8n during the Trigger benchmark, bench/triggerLoad.ts).
 *
 * In n8n's static data the records are one string, the JSON of `{ [event key]: ms }`, written
 * when n8n writes the static data: every save carries every record this process holds at that
 * moment, those of the other callbacks under way included. n8n loads the static data with the
 * workflow on every callback, and parsing a thousand records as an object took it about 5 ms per
 * callback. The object that earlier versions saved is still read. Beside the records goes this
 * process's stamp: records that come back with it were written here, so are held already.
 */
import { randomUUID } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

/** Records kept per trigger node, the newest first. */
export const MAX_REMEMBERED = 1000;

/** Marks what this process saved; a restarted n8n, or another of its processes, has another. */
const THIS_PROCESS = randomUUID();

/** When a record's event started the workflow, and the record as it is written in the JSON. */
interface Entry {
	at: number;
	json: string;
}

export class RecordBook {
	private readonly records = new Map<string, Entry>();
	/** False once a record older than the newest was added: pruning then sorts, once. */
	private inOrder = true;
	private newest = -Infinity;
	/** The records' JSON as last written, until they change. */
	private written?: string;
	/**
	 * What goes into the static data: the records' JSON, taken each time n8n copies or writes the
	 * static data, many times per callback in the Trigger benchmark while other callbacks changed
	 * the records; so put together from each record's JSON, written once.
	 */
	private readonly saved = { toJSON: () => (this.written ??= this.json()) };

	/** When the event started the workflow, if this book holds it. */
	startedAt(key: string): number | undefined {
		return this.records.get(key)?.at;
	}

	has(key: string): boolean {
		return this.records.has(key);
	}

	/** Records the event as started at `at`, the newest record, then prunes. */
	record(key: string, at: number, windowMinutes: number): void {
		this.add(key, at);
		this.prune(windowMinutes, at);
	}

	/** Puts the book into the static data n8n will save, with this process's stamp. */
	saveInto(staticData: IDataObject): void {
		// Set through n8n's static data (not only changed inside it): n8n sees a change to save.
		staticData.seen = this.saved;
		staticData.seenBy = THIS_PROCESS;
	}

	/**
	 * Takes in what n8n loaded into this request's static data, unless this process saved it (it
	 * holds those records, or has pruned them); a later time for a key wins.
	 */
	merge(staticData: IDataObject, windowMinutes: number, now: number): void {
		if (staticData.seen === this.saved) return;
		if (staticData.seenBy === THIS_PROCESS && this.records.size > 0) return;
		const loaded = recordsOf(staticData.seen);
		for (const key in loaded) {
			const at = loaded[key];
			if (typeof at !== 'number' || (this.startedAt(key) ?? -Infinity) >= at) continue;
			this.add(key, at);
		}
		this.prune(windowMinutes, now);
	}

	/**
	 * Forgets the records older than the window, then the oldest beyond MAX_REMEMBERED. In time
	 * order, both are at the front of the Map: only what goes is visited.
	 */
	prune(windowMinutes: number, now: number): void {
		if (!this.inOrder) this.sort();
		const windowMs = windowMinutes * 60_000;
		for (const [key, { at }] of this.records) {
			if (now - at < windowMs && this.records.size <= MAX_REMEMBERED) break;
			this.records.delete(key);
			this.written = undefined;
		}
	}

	/** Adds the record last, as a Map keeps a key that is set again where it was. */
	private add(key: string, at: number): void {
		this.records.delete(key);
		this.written = undefined;
		if (at < this.newest) this.inOrder = false;
		else this.newest = at;
		this.records.set(key, { at, json: `${JSON.stringify(key)}:${at}` });
	}

	private json(): string {
		const parts: string[] = [];
		for (const entry of this.records.values()) parts.push(entry.json);
		return `{${parts.join(',')}}`;
	}

	private sort(): void {
		const sorted = [...this.records].sort((a, b) => a[1].at - b[1].at);
		this.records.clear();
		for (const [key, entry] of sorted) this.records.set(key, entry);
		this.inOrder = true;
	}
}

/**
 * The records as saved: a book's JSON (or a book itself, not yet written), or the object of
 * earlier versions; else none.
 */
function recordsOf(saved: unknown): IDataObject {
	const book = saved as { toJSON?: () => unknown } | undefined;
	let records = typeof book?.toJSON === 'function' ? book.toJSON() : saved;
	if (typeof records === 'string') {
		try {
			records = JSON.parse(records);
		} catch {
			return {};
		}
	}
	return typeof records === 'object' && records !== null ? (records as IDataObject) : {};
}
