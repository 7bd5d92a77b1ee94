/**
 * Get Links Waited For, Wait Again While Open: an unusable Check Again Every (0, negative, not a
 * number, endless, below the editor's least) or Check Unit is refused naming the field, before
 * the run reads a link or points its callback here (issue 55, point 7). It used to fall back to
 * 15 minutes without a word. The editor holds the same least value.
 */
import type { IDataObject } from 'n8n-workflow';

import { LEAST_CHECK_EVERY } from '../../../../nodes/Pay/waiting/waitAgainWhileOpen';
import type { Sandbox } from '../../../../sandbox';
import { loadBuiltPackage } from '../../../harness/loadPackage';
import { sandboxCredentials } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import { startWaitingRun } from '../../../harness/waitingRun';
import type { WaitingRun } from '../../../harness/waitingRun';
import { readAgainPauses, slugsOf, waitForLinks } from './linkWaits';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));
beforeAll(() => (readAgainPauses().pausesMs = [10]));

async function readAfterTheLimit(
	first: WaitingRun,
	parameters: IDataObject,
	settings = {},
): Promise<WaitingRun> {
	return await startWaitingRun({
		parameters: {
			resource: 'payment',
			operation: 'getWaitedLinks',
			waitWhileOpen: true,
			...parameters,
		} as never,
		input: first.run.data.executionData?.nodeExecutionStack[0]?.data.main[0]?.map((i) => i.json),
		credentials: sandboxCredentials(sandbox),
		customData: first.run.data.resultData.metadata,
		settings,
	});
}

/** What the sandbox saw of the links: reads and callback changes. */
async function requestsSeen(): Promise<number[]> {
	return [
		await sandbox.control.count('GET /pay_detail/{url}'),
		await sandbox.control.count('POST /edit_pay/'),
	];
}

const UNUSABLE: Array<[string, number | string]> = [
	['0', 0],
	['a negative number', -1],
	['a negative fraction', -0.5],
	['below the least', 0.001],
	['not a number (mapped)', '={{ NaN }}'],
	['endless (mapped)', '={{ Infinity }}'],
	['text', 'soon'],
	['empty', ''],
];

describe('Check Again Every: an unusable value is refused, naming the field, nothing sent', () => {
	it.each(UNUSABLE)('%s', async (_, checkEvery) => {
		const first = await waitForLinks(sandbox, [{ amount: 30000, invoice: 'CHECK-1' }]);
		const before = await requestsSeen();
		const again = await readAfterTheLimit(first, { checkEvery, checkEveryUnit: 'minutes' });
		expect(again.error?.message).toMatch(
			/^Check Again Every: give how often to read the open links again, a number of 0\.01 or more in the Check Unit, got /,
		);
		expect(again.error?.description).toContain('Nothing was sent to the service.');
		expect(again.run.waitTill).toBeUndefined();
		expect(await requestsSeen()).toEqual(before);
	});

	it('an unknown Check Unit (mapped) is refused too', async () => {
		const first = await waitForLinks(sandbox, [{ amount: 30000, invoice: 'CHECK-2' }]);
		const before = await requestsSeen();
		const again = await readAfterTheLimit(first, {
			checkEvery: 5,
			checkEveryUnit: '={{ "weeks" }}',
		});
		expect(again.error?.message).toBe('Check Unit: choose Minutes or Hours');
		expect(await requestsSeen()).toEqual(before);
	});

	it('with Continue On Fail, every item comes back paired with the error, nothing sent', async () => {
		const first = await waitForLinks(sandbox, [
			{ amount: 30000, invoice: 'CHECK-3a' },
			{ amount: 40000, invoice: 'CHECK-3b' },
		]);
		const before = await requestsSeen();
		const again = await readAfterTheLimit(
			first,
			{ checkEvery: 0, checkEveryUnit: 'minutes' },
			{ continueOnFail: true },
		);
		expect(again.items.map((item) => [item.pairedItem, item.json.field])).toEqual([
			[{ item: 0 }, 'Check Again Every'],
			[{ item: 1 }, 'Check Again Every'],
		]);
		expect(await requestsSeen()).toEqual(before);
	});

	it('off, the value is not read: a leftover 0 refuses nothing', async () => {
		const first = await waitForLinks(sandbox, [{ amount: 30000, invoice: 'CHECK-4' }]);
		const read = await readAfterTheLimit(first, { waitWhileOpen: false, checkEvery: 0 });
		expect(read.error).toBeUndefined();
		expect(read.items[0].json).toMatchObject({ payment_outcome: 'open', slug: slugsOf(first)[0] });
	});

	it('a usable fraction (0.5 hours) waits that long', async () => {
		const first = await waitForLinks(sandbox, [{ amount: 30000, invoice: 'CHECK-5' }]);
		const before = Date.now();
		const again = await readAfterTheLimit(first, { checkEvery: '0.5', checkEveryUnit: 'hours' });
		expect(again.error).toBeUndefined();
		const waitTill = again.run.waitTill?.getTime() ?? 0;
		expect(waitTill).toBeGreaterThanOrEqual(before + 30 * 60_000);
		expect(waitTill).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
	});

	it(`the editor holds the same least value (${LEAST_CHECK_EVERY})`, async () => {
		const loaded = await loadBuiltPackage();
		const pay = loaded.nodeTypes.getByNameAndVersion(loaded.typeName('pay'), 2);
		const field = pay.description.properties.find((p) => p.name === 'checkEvery');
		expect(field?.typeOptions?.minValue).toBe(LEAST_CHECK_EVERY);
	});
});
