/**
 * Payment → Get Links Waited For, Wait Again While Open (issue 46, point 2): after Create and Wait
 * for Payment's limit, a loop that ends on the service's word. It reads every link; while one is
 * open, the execution waits in this node again until its callback (the link now calls back here)
 * or the next check; once every link is final it goes on at once, a paid link whose callback was
 * lost included.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { loadBuiltPackage } from '../../../harness/loadPackage';
import { sandboxCredentials } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import { startWaitingRun } from '../../../harness/waitingRun';
import type { WaitingRun } from '../../../harness/waitingRun';
import { readAgainPauses, replayCallback, slugsOf, tokenOfLink, waitForLinks } from './linkWaits';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));
beforeAll(() => (readAgainPauses().pausesMs = [10]));

const MINUTE = 60_000;

/** Create and Wait for Payment reached its limit; then Get Links Waited For runs. */
async function readAfterTheLimit(
	first: WaitingRun,
	parameters: IDataObject = { waitWhileOpen: true, checkEvery: 10, checkEveryUnit: 'minutes' },
): Promise<WaitingRun> {
	return await startWaitingRun({
		parameters: { resource: 'payment', operation: 'getWaitedLinks', ...parameters } as never,
		input: first.run.data.executionData?.nodeExecutionStack[0]?.data.main[0]?.map((i) => i.json),
		credentials: sandboxCredentials(sandbox),
		customData: first.run.data.resultData.metadata,
	});
}

describe('Get Links Waited For, Wait Again While Open', () => {
	it('waits again while a link is open, until the next check; the link now calls back here', async () => {
		const first = await waitForLinks(sandbox, [{ amount: 30000, invoice: 'LOOP-1' }]);
		const [slug] = slugsOf(first);
		const tokenBefore = await tokenOfLink(sandbox, slug);
		const before = Date.now();
		const again = await readAfterTheLimit(first);
		const waitTill = again.run.waitTill?.getTime() ?? 0;
		expect(waitTill).toBeGreaterThanOrEqual(before + 10 * MINUTE);
		expect(waitTill).toBeLessThanOrEqual(Date.now() + 10 * MINUTE);
		expect(again.items[0].json).toMatchObject({ payment_outcome: 'open', slug });
		const callback = new URL(String((await sandbox.control.payment(slug)).callback));
		expect(callback.pathname).toMatch(new RegExp(`/${again.node.id}$`));
		expect(callback.searchParams.get('token')).not.toBe(tokenBefore);

		await sandbox.control.pay(slug);
		const answer = await replayCallback(sandbox, again, slug);
		expect(answer.items).toEqual([expect.objectContaining({ payment_outcome: 'paid', slug })]);
	});

	it('goes on at once when every link is final: a paid link whose callback was lost included', async () => {
		const first = await waitForLinks(sandbox, [
			{ amount: 10000, invoice: 'LOOP-2a' },
			{ amount: 20000, invoice: 'LOOP-2b' },
		]);
		const [paid, expired] = slugsOf(first);
		await sandbox.control.dropCallbacks(paid);
		await sandbox.control.pay(paid);
		await sandbox.control.setPaymentState(expired, 5);
		const again = await readAfterTheLimit(first);
		expect(again.run.waitTill).toBeUndefined();
		expect(again.items.map((item) => [item.json.slug, item.json.payment_outcome])).toEqual([
			[paid, 'paid'],
			[expired, 'expired'],
		]);
		expect((await sandbox.control.callbacks()).filter((c) => c.body.url === paid)).toEqual([
			expect.objectContaining({ dropped: true }),
		]);
	});

	it('off (the default), reads once and never waits', async () => {
		const first = await waitForLinks(sandbox, [{ amount: 30000, invoice: 'LOOP-3' }]);
		const read = await readAfterTheLimit(first, {});
		expect(read.run.waitTill).toBeUndefined();
		expect(read.items[0].json).toMatchObject({ payment_outcome: 'open' });
	});

	it('Create and Wait for Payment says in the editor when its limit can come before the expiry', async () => {
		const loaded = await loadBuiltPackage();
		const pay = loaded.nodeTypes.getByNameAndVersion(loaded.typeName('pay'), 2);
		const notice = pay.description.properties.find((p) => p.name === 'limitBeforeExpiryNotice');
		expect(notice?.displayOptions?.show).toMatchObject({
			operation: ['createAndWait'],
			waitLimit: ['afterInterval', 'atTime'],
		});
		expect(notice?.displayName).toContain('Wait Again While Open');
	});
});
