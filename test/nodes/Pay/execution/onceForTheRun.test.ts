import { onceForTheRun } from '../../../../nodes/Pay/execution/readParameter';

function newRun() {
	return { executionCache: new Map<string, Promise<unknown>>() };
}

describe('onceForTheRun', () => {
	it('works a value out once for all the items of a run, however many ask at once', async () => {
		const run = newRun();
		let made = 0;
		const make = async () => {
			made += 1;
			await new Promise((resolve) => setTimeout(resolve, 5));
			return `key-${made}`;
		};
		const values = await Promise.all(
			Array.from({ length: 10 }, () => onceForTheRun(run, 'public-key', make)),
		);
		expect(made).toBe(1);
		expect(new Set(values)).toEqual(new Set(['key-1']));
		expect(await onceForTheRun(run, 'public-key', make)).toBe('key-1');
	});

	it('keeps values apart by key and by run', async () => {
		const run = newRun();
		expect(await onceForTheRun(run, 'a', () => 1)).toBe(1);
		expect(await onceForTheRun(run, 'b', () => 2)).toBe(2);
		expect(await onceForTheRun(newRun(), 'a', () => 3)).toBe(3);
	});

	it('does not keep a failure: the items waiting share it, the next item tries again', async () => {
		const run = newRun();
		let attempts = 0;
		const make = async () => {
			attempts += 1;
			if (attempts === 1) throw new Error('the service did not answer');
			return 'key';
		};
		const waiting = [
			onceForTheRun(run, 'public-key', make),
			onceForTheRun(run, 'public-key', make),
		];
		for (const result of await Promise.allSettled(waiting)) {
			expect(result).toMatchObject({
				status: 'rejected',
				reason: { message: 'the service did not answer' },
			});
		}
		expect(await onceForTheRun(run, 'public-key', make)).toBe('key');
		expect(attempts).toBe(2);
	});

	it('takes a value that throws as a failure of the items asking, not of the caller', async () => {
		const run = newRun();
		const asked = onceForTheRun(run, 'callback', () => {
			throw new Error('not a URL');
		});
		await expect(asked).rejects.toThrow('not a URL');
		expect(await onceForTheRun(run, 'callback', () => 'https://hooks.example/pay')).toBe(
			'https://hooks.example/pay',
		);
	});
});
