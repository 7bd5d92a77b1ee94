import { inFlightBetween } from '../../bench/inFlight';

const request = (arrivedAt: number, answeredAt: number) => ({
	route: 'POST /send/',
	arrivedAt,
	answeredAt,
});

describe('requests in flight, from the sandbox’s times', () => {
	it('batches of 10 started one after the other: 10 at most and typically', () => {
		const times = [0, 150, 300].flatMap((start) =>
			Array.from({ length: 10 }, (_, index) => request(start + (index % 2), start + 150)),
		);
		expect(inFlightBetween(times, 0, 1_000)).toEqual({ most: 10, typical: 10 });
	});

	it('batches started before the previous answered overlap: the most counts both', () => {
		const times = [0, 100, 200].flatMap((start) =>
			Array.from({ length: 10 }, () => request(start, start + 150)),
		);
		// 20 at once for 100 ms of the 350 ms: 10 is what it typically had.
		expect(inFlightBetween(times, 0, 1_000)).toEqual({ most: 20, typical: 10 });
	});

	it('one at a time, an answer and the next arrival in the same ms not counted together', () => {
		const times = [request(0, 150), request(150, 300), request(300, 450)];
		expect(inFlightBetween(times, 0, 1_000)).toEqual({ most: 1, typical: 1 });
	});

	it('only the requests that arrived in the window', () => {
		const times = [request(0, 150), request(10, 160), request(500, 650)];
		expect(inFlightBetween(times, 400, 1_000)).toEqual({ most: 1, typical: 1 });
	});
});
