/**
 * Items at Once for a run whose items start together: never more than the limit past the gate, in
 * the order they asked; an item keeps its place until the pipeline lets it go, and once shut,
 * those waiting are refused rather than left hanging.
 */
import { GateShutError, sendGate } from '../../../../nodes/Pay/actions/sendGate';

const tick = async () => await new Promise((resolve) => setImmediate(resolve));

describe('the send gate', () => {
	it('lets at most the limit through at once, the others in the order they asked', async () => {
		const gate = sendGate(2);
		let inside = 0;
		let most = 0;
		const order: number[] = [];
		await Promise.all(
			[0, 1, 2, 3, 4, 5].map(async (item) => {
				await gate.enter(item);
				order.push(item);
				inside++;
				most = Math.max(most, inside);
				await tick();
				// A second request of the same item keeps its place rather than queueing again.
				await gate.enter(item);
				inside--;
				gate.leave(item);
			}),
		);
		expect(most).toBe(2);
		expect(order).toEqual([0, 1, 2, 3, 4, 5]);
	});

	it('refuses those waiting, and any that come later, once shut', async () => {
		const gate = sendGate(1);
		await gate.enter(0);
		const waiting = gate.enter(1);
		gate.shut();
		gate.leave(0);
		await expect(waiting).rejects.toBeInstanceOf(GateShutError);
		await expect(gate.enter(2)).rejects.toThrow(/^Not sent: another item of this run failed first/);
	});

	it('gives a place back once, when the item that held it leaves', async () => {
		const gate = sendGate(1);
		await gate.enter(0);
		let second = false;
		const next = gate.enter(1).then(() => (second = true));
		// An item that never entered leaving, or one leaving twice, frees no place.
		gate.leave(7);
		await tick();
		expect(second).toBe(false);
		gate.leave(0);
		gate.leave(0);
		await next;
		expect(second).toBe(true);
		let third = false;
		void gate.enter(2).then(() => (third = true));
		await tick();
		expect(third).toBe(false);
	});

	it('starts a write left behind at once, whatever the pace', async () => {
		const gate = sendGate(1);
		await gate.enter(0);
		await new Promise((resolve) => setTimeout(resolve, 100));
		gate.leave(0);
		let started = false;
		gate.leaveBehind(async () => void (started = true));
		await new Promise((resolve) => setTimeout(resolve, 10));
		expect(started).toBe(true);
	});

	it('when the run ends, starts what still waits at once and waits until every write is made', async () => {
		jest.useFakeTimers();
		try {
			const gate = sendGate(1);
			let made = false;
			// No timer is run: were the run's end to wait for the gathering, this would never settle.
			gate.leaveBehind(async () => {
				await Promise.resolve();
				made = true;
			});
			await gate.writesLeftBehind();
			expect(made).toBe(true);
		} finally {
			jest.useRealTimers();
		}
	});
});
