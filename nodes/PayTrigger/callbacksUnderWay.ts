/**
 * Copies of one callback that arrive together. The repeat records see an event only once it has
 * started the workflow, and verifying it takes a request to the service: until then copies meet
 * here, in this process. A copy waits for the one under way. If that one started the workflow, the
 * copy is a repeat until the records this request sees hold the event (then its window decides),
 * for `graceMs` at most; if not (the service could not be asked, say), the copy goes on.
 */
interface Copy {
	outcome: Promise<boolean>;
	startedAt?: number;
}

const copies = new Map<string, Copy>();

export async function oneCopyAtATime<T>(
	key: string,
	graceMs: number,
	handle: (started: () => void) => Promise<T>,
	onRepeat: () => T,
	recorded: () => boolean,
	now: () => number = Date.now,
): Promise<T> {
	forgetPast(now(), graceMs);
	for (let earlier = copies.get(key); earlier !== undefined; earlier = copies.get(key)) {
		const started = earlier.startedAt !== undefined || (await earlier.outcome);
		// Not started: that copy has gone, and this one goes on.
		if (!started) continue;
		if (!recorded()) return onRepeat();
		copies.delete(key);
	}
	let settle: (started: boolean) => void = () => {};
	const copy: Copy = { outcome: new Promise<boolean>((resolve) => (settle = resolve)) };
	copies.set(key, copy);
	try {
		return await handle(() => {
			copy.startedAt = now();
			settle(true);
		});
	} finally {
		settle(false);
		if (copy.startedAt === undefined) copies.delete(key);
	}
}

function forgetPast(at: number, graceMs: number): void {
	for (const [key, copy] of copies) {
		if (copy.startedAt !== undefined && at - copy.startedAt >= graceMs) copies.delete(key);
	}
}
