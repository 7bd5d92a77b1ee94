/**
 * Whether the Pay Trigger has started an event already: the same (kind, id, state) started within
 * the window starts nothing. Two things remember, both kept here:
 * - the records: when each event started the workflow, in the workflow's static data, which n8n
 *   saves in its database (so they hold across processes and restarts), bounded in size;
 * - the copies under way in this process: an event is recorded only once its first copy has been
 *   verified with the service, so until then a copy arriving with it waits for that one here.
 *
 * n8n loads the static data afresh for each request and writes it back whole after it, so two
 * events arriving together would each save their own record only, and the last save would win.
 * Hence one record book per trigger node in this process, shared by its requests: what n8n loaded
 * is merged into it, and the static data is given the book itself (recordBook.ts), so that every
 * save carries every record this process holds when the save is written.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import type { CallbackEvent } from '../shared/callback/callbackEvent';
import { RecordBook } from './recordBook';

/** Trigger nodes this process keeps a book for, the most recently used first. */
export const MAX_BOOKS = 1000;
/** How long a started event keeps its copies out in this process, whatever the records say. */
const COPY_GRACE_MS = 60_000;

/** A copy under way: whether it started the workflow is known once `outcome` settles. */
interface Copy {
	outcome: Promise<boolean>;
	startedAt?: number;
}

const books = new Map<string, RecordBook>();
const copies = new Map<string, Copy>();

/** One callback's guard: `isRepeat`, then `started` if it started the workflow, then `release`. */
export interface RepeatGuard {
	/** Whether the event started already; if not, its copies wait for this one until release. */
	isRepeat(key: string): Promise<boolean>;
	/** Records the event as started now: its copies, waiting or still to come, are repeats. */
	started(key: string): void;
	/** Lets the copies waiting go on: as repeats if it started, otherwise to try themselves. */
	release(): void;
	/** Puts the records into the static data again, marked changed, for n8n to save. */
	keep(): void;
}

export function eventKey(event: CallbackEvent): string {
	return `${event.kind}:${event.id}:${event.state ?? 'none'}`;
}

/** Ignore Repeats Within 0: the field's own way to turn the guard off (triggerOptions.ts). */
const OFF: RepeatGuard = {
	isRepeat: async () => false,
	started: () => {},
	release: () => {},
	keep: () => {},
};

type GuardContext = Pick<IWebhookFunctions, 'getWorkflow' | 'getNode' | 'getWorkflowStaticData'>;

/** `windowMinutes` as triggerOptions.ts read it: a number of 0 (off) or more. */
export function repeatGuardFor(context: GuardContext, windowMinutes: number): RepeatGuard {
	if (windowMinutes === 0) return OFF;
	const trigger = `${context.getWorkflow().id ?? ''}\u0000${context.getNode().name}`;
	const staticData = context.getWorkflowStaticData('node');
	const book = bookOf(trigger, staticData, windowMinutes);
	return new Guard(trigger, staticData, book, windowMinutes);
}

class Guard implements RepeatGuard {
	/** The copy this callback is, once `isRepeat` let it go on; its key among the copies. */
	private copy?: Copy;
	private copyKey = '';
	/** Settles the copy's outcome; kept here, not on the copy, which outlives this callback. */
	private settle: (started: boolean) => void = () => {};

	constructor(
		private readonly trigger: string,
		private readonly staticData: IDataObject,
		private readonly book: RecordBook,
		private readonly windowMinutes: number,
	) {}

	async isRepeat(key: string): Promise<boolean> {
		const copyKey = `${this.trigger}\u0000${key}`;
		forgetCopiesPast(Date.now(), Math.min(COPY_GRACE_MS, this.windowMinutes * 60_000));
		for (let earlier = copies.get(copyKey); earlier; earlier = copies.get(copyKey)) {
			const started = earlier.startedAt !== undefined || (await earlier.outcome);
			// Not started: that copy has gone, and this one goes on.
			if (!started) continue;
			// Started, but not in the records this request sees: a repeat until they hold it.
			if (!this.book.has(key)) return true;
			copies.delete(copyKey);
		}
		const at = this.book.startedAt(key);
		if (at !== undefined && Date.now() - at < this.windowMinutes * 60_000) return true;
		this.copy = { outcome: new Promise<boolean>((resolve) => (this.settle = resolve)) };
		this.copyKey = copyKey;
		copies.set(copyKey, this.copy);
		return false;
	}

	started(key: string): void {
		const now = Date.now();
		this.book.record(key, now, this.windowMinutes);
		this.keep();
		if (this.copy === undefined) return;
		this.copy.startedAt = now;
		this.settle(true);
	}

	keep(): void {
		this.book.saveInto(this.staticData);
	}

	release(): void {
		if (this.copy === undefined) return;
		this.settle(false);
		if (this.copy.startedAt === undefined) copies.delete(this.copyKey);
	}
}

/** Copies that started the workflow `graceMs` ago or earlier no longer keep others out. */
function forgetCopiesPast(at: number, graceMs: number): void {
	for (const [key, copy] of copies) {
		if (copy.startedAt !== undefined && at - copy.startedAt >= graceMs) copies.delete(key);
	}
}

/**
 * The records of one trigger node (`trigger`: its workflow and name), as this process holds them
 * merged with what n8n loaded into this request's static data.
 */
function bookOf(trigger: string, staticData: IDataObject, windowMinutes: number): RecordBook {
	const book = books.get(trigger) ?? new RecordBook();
	books.delete(trigger);
	books.set(trigger, book);
	if (books.size > MAX_BOOKS) books.delete(books.keys().next().value as string);
	book.merge(staticData, windowMinutes, Date.now());
	return book;
}
