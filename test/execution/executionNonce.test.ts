import { executionNonce } from '../../nodes/Pay/execution/executionNonce';

describe('execution nonce', () => {
	it('is stable within an execution and differs between executions', () => {
		const first = executionNonce('workflow-1:execution-1');
		expect(executionNonce('workflow-1:execution-1')).toBe(first);
		expect(executionNonce('workflow-1:execution-2')).not.toBe(first);
		expect(first).toMatch(/^[0-9a-f]{32}$/);
	});

	it('forgets the oldest executions beyond its bound', () => {
		const first = executionNonce('bounded:0');
		for (let index = 1; index <= 250; index++) executionNonce(`bounded:${index}`);
		expect(executionNonce('bounded:0')).not.toBe(first);
	});
});
