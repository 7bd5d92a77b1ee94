/**
 * How far back a poll reads the transfer list. The spec shows one JSON array; should the service
 * page it (`{results, next}`) newest first, the pages after the ones already seen hold nothing new,
 * so they are not read: a long history costs a poll no more pages than what came since the last
 * one. A list that is not newest first (or cannot yet be told to be) is read to its end: its new
 * transfers may be anywhere.
 */
import { readTransfer } from '../shared/service/transferRecord';
import type { IDataObject } from 'n8n-workflow';

import { MAX_REMEMBERED } from './seenTransfers';

/**
 * Whether the records read so far reach back far enough: past the newest transfer seen (every one
 * dated at it or later is read, alike ones included), or, before any is, past the newest
 * MAX_REMEMBERED (all a first check takes in).
 */
export function readFarEnough(records: unknown[], newestSeen: number | undefined): boolean {
	const times = records
		.filter((record): record is IDataObject => typeof record === 'object' && record !== null)
		.map((record) => readTransfer(record).time)
		.filter((time) => !Number.isNaN(time));
	if (!newestFirst(times)) return false;
	const oldest = times[times.length - 1];
	if (newestSeen !== undefined) return oldest < newestSeen;
	return times.length > MAX_REMEMBERED && oldest < times[MAX_REMEMBERED - 1];
}

/** Dates that never rise and do fall: a list known to be newest first. */
function newestFirst(times: number[]): boolean {
	if (times.length < 2 || times[0] === times[times.length - 1]) return false;
	return times.every((time, index) => index === 0 || time <= times[index - 1]);
}
