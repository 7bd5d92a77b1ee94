/**
 * The transfers the trigger has seen, kept in the workflow's static data (n8n saves it with each
 * execution the poll starts, and after a poll that starts none), so a restart of n8n starts nothing
 * again.
 *
 * The service gives a transfer no id: it is known by its date, sender, recipient and amount. Two
 * transfers alike in all four are two transfers, so what is kept is how many of each were seen: a
 * list showing one more than that holds a new one. Kept: the MAX_REMEMBERED newest (by date), and a
 * floor below which a transfer is taken as seen (it cannot be told from one started and forgotten),
 * with how many the list showed below it, so that one listed there late is at least told.
 *
 * Finding what is new records nothing: each transfer is noted as its own execution starts, so that
 * n8n stopping after the first execution of a poll leaves the others to the next poll.
 */
import type { IDataObject } from 'n8n-workflow';

export const MAX_REMEMBERED = 500;

/** A transfer as listed: its key (date, sender, recipient, amount) and date in ms. */
export interface Listed<T> {
	key: string;
	time: number;
	entry: T;
}

/**
 * A transfer the trigger has not seen: the nth (`occurrence`) of those alike in all four fields.
 */
export interface Fresh<T> {
	key: string;
	entry: T;
	occurrence: number;
	time: number;
}

/** What a list read whole showed below the floor it was read against (belowFloor.ts). */
export interface BelowFloor {
	floor: number;
	count: number;
	/** A short mark of each (sorted), while they are few enough to keep. */
	marks?: string[];
}

/** The key of a transfer: its four fields, unambiguous (JSON). */
export function transferKey(date: unknown, from: unknown, to: unknown, amount: unknown): string {
	return JSON.stringify([date ?? null, from ?? null, to ?? null, amount ?? null]);
}

export class SeenTransfers {
	private readonly seen: Record<string, number>;
	private floor: number | undefined;

	constructor(private readonly staticData: IDataObject) {
		const seen = staticData.seen;
		this.seen =
			typeof seen === 'object' && seen !== null ? { ...(seen as Record<string, number>) } : {};
		this.floor = typeof staticData.floor === 'number' ? staticData.floor : undefined;
	}

	/** Whether a first check was made (and its list taken in). */
	get started(): boolean {
		return this.staticData.started !== undefined;
	}

	/** How many transfers are remembered. */
	get size(): number {
		return Object.keys(this.seen).length;
	}

	/** The date (ms) of the newest transfer remembered; -Infinity when none is. */
	get newest(): number {
		return Math.max(-Infinity, ...Object.keys(this.seen).map(timeOf));
	}

	/** The oldest date (ms) a new transfer can have; undefined while every one counts. */
	get floorTime(): number | undefined {
		return this.floor;
	}

	/** How many the list showed below the floor (as it then was), when last read whole. */
	get belowFloor(): BelowFloor | undefined {
		const kept = this.staticData.belowFloor as BelowFloor | undefined;
		return typeof kept?.floor === 'number' && typeof kept.count === 'number' ? kept : undefined;
	}

	/** Whether a listed transfer is one already remembered. */
	remembers(key: string): boolean {
		return (this.seen[key] ?? 0) > 0;
	}

	/**
	 * The transfers of a list not seen before, oldest first; records nothing. Dated entries only: a
	 * transfer without a readable date cannot be placed against the floor.
	 */
	newIn<T>(listed: Array<Listed<T>>): Array<Fresh<T>> {
		const groups = new Map<string, Array<Listed<T>>>();
		for (const item of listed) {
			if (Number.isNaN(item.time)) continue;
			groups.set(item.key, [...(groups.get(item.key) ?? []), item]);
		}
		const fresh: Array<Fresh<T>> = [];
		for (const [key, alike] of groups) {
			if (this.floor !== undefined && alike[0].time < this.floor) continue;
			for (let nth = (this.seen[key] ?? 0) + 1; nth <= alike.length; nth++)
				fresh.push({ key, entry: alike[nth - 1].entry, occurrence: nth, time: alike[0].time });
		}
		return fresh.sort((a, b) => a.time - b.time || a.occurrence - b.occurrence);
	}

	/** Records transfers as seen (and that a first check was made). */
	note(...transfers: Array<Pick<Fresh<unknown>, 'key' | 'occurrence'>>): void {
		for (const { key, occurrence } of transfers)
			this.seen[key] = Math.max(this.seen[key] ?? 0, occurrence);
		this.prune();
		this.save();
	}

	/** Records that a first check was made. */
	markChecked(): void {
		if (!this.started) this.save();
	}

	/** Records what a list read whole shows below the floor. */
	keepBelowFloor(shown: Omit<BelowFloor, 'floor'>): void {
		if (this.floor === undefined) return;
		const record: BelowFloor = { floor: this.floor, ...shown };
		if (JSON.stringify(record) !== JSON.stringify(this.belowFloor))
			this.staticData.belowFloor = record;
	}

	private save(): void {
		// Set through n8n's static data (not changed inside it), so that n8n sees a change to save.
		this.staticData.started ??= new Date().toISOString();
		this.staticData.seen = this.seen;
		if (this.floor !== undefined) this.staticData.floor = this.floor;
	}

	/** Keeps the newest MAX_REMEMBERED; the floor rises to the oldest kept (ties all kept). */
	private prune(): void {
		const keys = Object.keys(this.seen);
		if (keys.length <= MAX_REMEMBERED) return;
		const times = keys.map((key) => timeOf(key)).sort((a, b) => a - b);
		const cut = times[times.length - MAX_REMEMBERED];
		this.floor = Math.max(this.floor ?? -Infinity, cut);
		for (const key of keys) if (timeOf(key) < cut) delete this.seen[key];
	}
}

function timeOf(key: string): number {
	const [date] = JSON.parse(key) as [string];
	return Date.parse(date);
}
