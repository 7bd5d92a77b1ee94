/**
 * Copies of one callback that arrive together. The repeat guard in the workflow's stored data sees
 * an event only once n8n has saved that data, at the end of the request that started it, and
 * verifying takes a request to the service: until then copies meet here, in this process.
 * A copy waits for the one under way. If that one started the workflow, the copy is a repeat until
 * the stored data this request sees records the event (then its window decides), for `graceMs` at
 * most; if not (the service could not be asked, say), the copy goes on.
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
	recordedInStoredData: () => boolean,
	now: () => number = Date.now,
): Promise<T> {
	forgetPast(now(), graceMs);
	for (let earlier = copies.get(key); earlier !== undefined; earlier = copies.get(key)) {
		const started = earlier.startedAt !== undefined || (await earlier.outcome);
		// Not started: that copy has gone, and this one goes on.
		if (!started) continue;
		if (!recordedInStoredData()) return onRepeat();
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
