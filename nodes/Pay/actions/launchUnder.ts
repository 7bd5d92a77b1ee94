/**
 * Starts `run` for items 0 … itemCount − 1 in order, while fewer than `most` are under way and the
 * run has not stopped, and settles once every item started has settled. `run` catches what an item
 * throws; should it throw all the same, the run stops on it rather than wait for an item that will
 * never settle.
 */
export async function launchUnder(
	most: number,
	itemCount: number,
	run: (itemIndex: number) => Promise<void>,
	items: { stopped(): boolean; stop(itemIndex: number, error: unknown): void },
): Promise<void> {
	const limit = wholeAndAtLeastOne(most);
	let next = 0;
	let running = 0;
	await new Promise<void>((allSettled) => {
		const launch = () => {
			while (!items.stopped() && next < itemCount && running < limit) {
				const itemIndex = next++;
				const settled = () => {
					running--;
					launch();
				};
				running++;
				void run(itemIndex).then(settled, (error: unknown) => {
					items.stop(itemIndex, error);
					settled();
				});
			}
			if (running === 0) allSettled();
		};
		launch();
	});
}

/** A count of items from a computed figure: whole, and one when it is below one or not a number. */
export function wholeAndAtLeastOne(count: number): number {
	return Math.max(1, Math.floor(count) || 1);
}
