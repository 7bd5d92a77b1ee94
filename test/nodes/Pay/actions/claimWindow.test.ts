/**
 * The claim-ahead window follows the wire's measured pace: 50 per item on the wire at the start
 * and at a live service's pace, what the wire takes in a second when it is faster, never more than
 * 1,000 (what a crash could leave "outcome unknown"). Measured paces are given, not timed, so the
 * figures do not depend on how fast the machine running the tests is.
 */
import { claimWindow } from '../../../../nodes/Pay/actions/itemPipeline';

const at = (itemsPerMs: number, concurrency = 1) => {
	const window = claimWindow(concurrency, () => itemsPerMs);
	return { most: window.most(), together: window.fewestTogether() };
};

describe('the claim-ahead window', () => {
	it('before the first send: 50 per item Items at Once lets on the wire, launched a quarter at a time', () => {
		expect(at(0)).toEqual({ most: 50, together: 13 });
		expect(at(0, 10)).toEqual({ most: 500, together: 125 });
	});

	it("at a live service's pace (150 ms an answer, one at a time): 50, as at the start", () => {
		expect(at(1 / 150)).toEqual({ most: 50, together: 13 });
	});

	it('against a service that answers at once: what the wire takes in a second, claimed ahead', () => {
		expect(at(0.3)).toEqual({ most: 300, together: 75 });
	});

	it('never more than 1,000 ahead, however fast the wire', () => {
		expect(at(50)).toEqual({ most: 1000, together: 250 });
		expect(at(50, 30)).toEqual({ most: 1000, together: 250 });
	});

	it('follows the pace as it changes during the run', () => {
		let pace = 0;
		const window = claimWindow(1, () => pace);
		expect(window.most()).toBe(50);
		pace = 0.2;
		expect(window.most()).toBe(200);
	});
});
