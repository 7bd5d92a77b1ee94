/**
 * How many requests a node really had in flight, read from the sandbox's own arrival and answer
 * times (sandbox/requestTimes.ts) rather than from the node's settings: the most at any moment, and
 * the typical number (the median over the time at least one was in flight).
 */
import type { RequestTime } from '../sandbox/requestTimes';

export interface InFlight {
	most: number;
	typical: number;
}

/** The requests that arrived from `from` to `to` (epoch ms), as they overlapped. */
export function inFlightBetween(times: RequestTime[], from: number, to: number): InFlight {
	const within = times.filter((time) => time.arrivedAt >= from && time.arrivedAt <= to);
	// An answer and an arrival in the same millisecond do not overlap: answers first.
	const events = within
		.flatMap((time) => [
			{ at: time.arrivedAt, change: 1 },
			{ at: time.answeredAt ?? to, change: -1 },
		])
		.sort((a, b) => a.at - b.at || a.change - b.change);
	const msAt = new Map<number, number>();
	let now = 0;
	let most = 0;
	for (let index = 0; index < events.length; index++) {
		now += events[index].change;
		most = Math.max(most, now);
		const until = events[index + 1]?.at ?? events[index].at;
		if (now > 0) msAt.set(now, (msAt.get(now) ?? 0) + until - events[index].at);
	}
	return { most, typical: weightedMedian(msAt) };
}

/** The count held at the middle of the busy time, counts in order. */
function weightedMedian(msAt: Map<number, number>): number {
	const total = [...msAt.values()].reduce((sum, ms) => sum + ms, 0);
	let passed = 0;
	for (const count of [...msAt.keys()].sort((a, b) => a - b)) {
		passed += msAt.get(count) as number;
		if (passed * 2 >= total) return count;
	}
	return 0;
}
