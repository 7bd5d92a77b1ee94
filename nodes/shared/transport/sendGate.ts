/**
 * Items at Once for a run whose items all start together: every item reads its fields and claims
 * its Reference at once (the claims share one write and one wait, recordList.ts), and then at most
 * `limit` items are past the gate, taken in the order they asked. An item keeps its place until the
 * pipeline is done with it, so a failure can shut the gate (the run stops: an item failed without
 * Continue On Fail) before anyone else goes through; those still waiting send nothing.
 */
export interface SendGate {
	/** Waits for the item's place (it keeps one it has). */
	enter(itemIndex: number): Promise<void>;
	/** The pipeline is done with the item: its place goes to the next. */
	leave(itemIndex: number): void;
	shut(): void;
}

/** Why an item waiting for its place sent nothing: an earlier item's failure stops the run. */
export class GateShutError extends Error {
	constructor() {
		super('Not sent: another item of this run failed first, so the run stops');
	}
}

export function sendGate(limit: number): SendGate {
	let free = Math.max(1, Math.floor(limit) || 1);
	let shut = false;
	const inside = new Set<number>();
	const queue: Array<{ itemIndex: number; admit(): void; refuse(): void }> = [];
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
			if (next) next.admit();
			else free++;
		},
		shut() {
			shut = true;
			for (const waiting of queue.splice(0)) waiting.refuse();
		},
	};
}
