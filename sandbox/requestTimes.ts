/**
 * When each service request arrived and when it was answered: what a client's requests in flight
 * really were, read at the service rather than from the client's settings (the benchmarks compare
 * nodes by it). Cleared with the counters; the oldest go past MAX_KEPT.
 */
export interface RequestTime {
	/** The route as counters name it: "POST /send/". */
	route: string;
	/** Epoch ms. */
	arrivedAt: number;
	/** Epoch ms; the request was still being handled when read if undefined. */
	answeredAt?: number;
}

const MAX_KEPT = 200_000;

export class RequestTimes {
	private times: RequestTime[] = [];

	/** A request of the route arrives now; the returned function records its answer. */
	arrived(route: string): () => void {
		const time: RequestTime = { route, arrivedAt: Date.now() };
		this.times.push(time);
		// Dropped in halves, not one by one: a long-running sandbox keeps answering at once.
		if (this.times.length > MAX_KEPT) this.times = this.times.slice(MAX_KEPT / 2);
		return () => (time.answeredAt = Date.now());
	}

	/** The requests that arrived at or after `since` (epoch ms), in order of arrival. */
	since(since = 0): RequestTime[] {
		return this.times.filter((time) => time.arrivedAt >= since);
	}

	clear(): void {
		this.times = [];
	}
}
