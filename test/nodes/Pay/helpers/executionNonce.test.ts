import { executionNonce } from '../../../../nodes/Pay/helpers/executionNonce';

describe('execution nonce', () => {
	it('is stable within an execution and differs between executions', () => {
		const first = executionNonce('workflow-1:execution-1');
		expect(executionNonce('workflow-1:execution-1')).toBe(first);
		expect(executionNonce('workflow-1:execution-2')).not.toBe(first);
		expect(first).toMatch(/^[0-9a-f]{32}$/);
	});

	it('keeps a long execution that keeps using its nonce while thousands of others come and go', () => {
		const long = executionNonce('long:running');
		for (let index = 0; index < 25_000; index++) {
			executionNonce(`busy:${index}`);
			// The long execution derives a key now and then (its later items, a Retry On Fail).
			if (index % 5_000 === 0) expect(executionNonce('long:running')).toBe(long);
		}
		expect(executionNonce('long:running')).toBe(long);
	});

	it('forgets the least recently used executions beyond its bound (10,000)', () => {
		const first = executionNonce('bounded:0');
		for (let index = 1; index <= 10_000; index++) executionNonce(`bounded:${index}`);
		expect(executionNonce('bounded:0')).not.toBe(first);
		const recent = executionNonce('bounded:10000');
		for (let index = 1; index <= 9_000; index++) executionNonce(`later:${index}`);
		expect(executionNonce('bounded:10000')).toBe(recent);
	});
});
