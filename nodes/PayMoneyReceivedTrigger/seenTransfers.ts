/**
 * The transfers the trigger has seen, kept in the workflow's static data (n8n saves it in its
 * database as it starts an execution, and after activation), so a restart of n8n starts nothing
 * again.
 *
 * The service gives a transfer no id: it is known by its date, sender, recipient and amount. Two
 * transfers alike in all four are two transfers, so what is kept is how many of each were seen: a
 * list showing one more than that holds a new one. Kept: the MAX_REMEMBERED newest (by date), and a
 * floor below which a transfer is taken as seen: one that shows up dated before the oldest kept
 * record is not started again, nor late.
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
	entry: T;
	occurrence: number;
	time: number;
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

	/**
	 * Takes in a list: returns the transfers not seen before, oldest first, and records every one.
	 * With `baseline`, records them all and returns none (a first check that replays no history).
	 * Dated entries only: a transfer without a readable date cannot be placed against the floor.
	 */
	takeIn<T>(listed: Array<Listed<T>>, baseline: boolean): Array<Fresh<T>> {
		const groups = new Map<string, Array<Listed<T>>>();
		for (const item of listed) {
			if (Number.isNaN(item.time)) continue;
			groups.set(item.key, [...(groups.get(item.key) ?? []), item]);
		}
		const fresh: Array<Fresh<T>> = [];
		for (const [key, alike] of groups) {
			if (this.floor !== undefined && alike[0].time < this.floor) continue;
			const known = this.seen[key] ?? 0;
			if (alike.length <= known) continue;
			this.seen[key] = alike.length;
			if (baseline) continue;
			for (let nth = known + 1; nth <= alike.length; nth++)
				fresh.push({ entry: alike[nth - 1].entry, occurrence: nth, time: alike[0].time });
		}
		this.prune();
		// Set through n8n's static data (not changed inside it), so that n8n sees a change to save.
		this.staticData.started ??= new Date().toISOString();
		this.staticData.seen = this.seen;
		if (this.floor !== undefined) this.staticData.floor = this.floor;
		return fresh.sort((a, b) => a.time - b.time);
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
