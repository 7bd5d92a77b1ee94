/**
 * The sandbox at the live service's pace: every service request answered `latencyMs` after it
 * arrived, and each request's arrival and answer recorded, so a client's requests in flight are
 * read at the service.
 */
import type { Sandbox } from '../../sandbox';
import { useSandboxWithDemoClient } from './apiClient';
import type { ApiClient } from './apiClient';

let sandbox: Sandbox;
let demo: ApiClient;

useSandboxWithDemoClient(
	{},
	(started, client) => ([sandbox, demo] = [started, client]),
	async (started) => await started.control.settings({ latencyMs: 0 }),
);

describe('sandbox latency', () => {
	it('answers every service request latencyMs after it arrived, and records both times', async () => {
		await sandbox.control.settings({ latencyMs: 200 });
		await sandbox.control.resetCounters();
		const before = Date.now();
		await Promise.all([
			demo.call('GET', '/send/'),
			demo.call('GET', '/get_banks/1/'),
			demo.call('GET', '/send/'),
		]);
		const times = await sandbox.control.requestTimes();
		expect(times.map((time) => time.route).sort()).toEqual([
			'GET /get_banks/1/',
			'GET /send/',
			'GET /send/',
		]);
		for (const time of times) {
			expect(time.arrivedAt).toBeGreaterThanOrEqual(before);
			expect(time.answeredAt! - time.arrivedAt).toBeGreaterThanOrEqual(199);
		}
		// The three were in flight together: each arrived before any was answered.
		const firstAnswer = Math.min(...times.map((time) => time.answeredAt!));
		for (const time of times) expect(time.arrivedAt).toBeLessThanOrEqual(firstAnswer);
	});

	it('does not hold the control API; since= leaves out what arrived before', async () => {
		await sandbox.control.settings({ latencyMs: 5_000 });
		const started = Date.now();
		await sandbox.control.counters();
		expect(Date.now() - started).toBeLessThan(4_000);
		await sandbox.control.settings({ latencyMs: 0 });
		await demo.call('GET', '/send/');
		const later = Date.now() + 1;
		expect(await sandbox.control.requestTimes(later)).toEqual([]);
		expect((await sandbox.control.requestTimes()).length).toBeGreaterThan(0);
	});
});
