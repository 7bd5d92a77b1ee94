/**
 * The send gate: Items at Once for a run whose items start together. Every item reads its fields
 * and claims its Reference before it asks, and then at most `limit` items are past the gate, taken
 * in the order they asked. An item keeps its place until the pipeline is done with it, so a failure
 * can shut the gate (the run stops: an item failed without Continue On Fail) before anyone else
 * goes through; those still waiting send nothing. What an item leaves behind (its "sent" mark) is
 * written while the next item is sent, and the run ends once it is.
 */
import type { SendGate } from '../../shared/transport';
import { wholeAndAtLeastOne } from './launchUnder';

/** Why an item waiting for its place sent nothing: an earlier item's failure stops the run. */
export class GateShutError extends Error {
	constructor() {
		super('Not sent: another item of this run failed first, so the run stops');
	}
}

/** The send gate as the item pipeline sees it: also the writes left behind. */
export interface RunGate extends SendGate {
	/** Settles once every write an item left behind is made. */
	writesLeftBehind(): Promise<void>;
}

export function sendGate(limit: number): RunGate {
	let free = wholeAndAtLeastOne(limit);
	let shut = false;
	const inside = new Set<number>();
	const queue: Array<{ itemIndex: number; admit(): void; refuse(): void }> = [];
	const writes = new Set<Promise<void>>();
	return {
		async enter(itemIndex) {
			if (inside.has(itemIndex)) return;
			if (shut) throw new GateShutError();
			if (free > 0) free--;
			else
				await new Promise<void>((admit, refuse) => {
					queue.push({ itemIndex, admit, refuse: () => refuse(new GateShutError()) });
				});
			inside.add(itemIndex);
		},
		leave(itemIndex) {
			if (!inside.delete(itemIndex)) return;
			const next = queue.shift();
			// Inside from now: the place is not free for a moment.
			if (next) inside.add(next.itemIndex);
			if (next) next.admit();
			else free++;
		},
		shut() {
			shut = true;
			for (const waiting of queue.splice(0)) waiting.refuse();
		},
		leaveBehind(write) {
			const started = write();
			writes.add(started);
			const settled = () => writes.delete(started);
			void started.then(settled, settled);
		},
		async writesLeftBehind() {
			await Promise.all(writes);
		},
	};
}
