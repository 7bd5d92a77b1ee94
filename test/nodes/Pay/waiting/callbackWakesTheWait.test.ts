/**
 * A genuine callback wakes the wait and the service decides (issue 46, points 1 and 3): whatever
 * state the callback claims, the execution goes on with the state the service gives once it is
 * final, reading again for a few seconds while the service's read lags; only a wrong token or a
 * link of another wait is refused. The token is the wait's own: a changed Callback Secret strands
 * nothing, and one wait's token opens no other.
 */
import type { Sandbox } from '../../../../sandbox';
import { CREDENTIAL_ID } from '../../../harness/runWorkflow';
import { TEST_CALLBACK_SECRET } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import { readAgainPauses, replayCallback, slugsOf, tokenOfLink, waitForLinks } from './linkWaits';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const PAUSES_MS = [100, 150, 200];
beforeAll(() => (readAgainPauses().pausesMs = PAUSES_MS));
afterEach(async () => await sandbox.control.settings({ detailLagMs: 0 }));

const oneLink = async (invoice: string) => {
	const run = await waitForLinks(sandbox, [{ amount: 50000, invoice }]);
	return { run, slug: slugsOf(run)[0] };
};
const detailReads = async () => (await sandbox.control.count('GET /pay_detail/{url}')) ?? 0;

describe('a callback wakes the wait, the service decides', () => {
	it('reads again while the read lags behind the callback, and goes on as paid', async () => {
		// A lag long enough that the first read still lags on a busy machine (the race must happen),
		// and pauses that outlast it.
		await sandbox.control.settings({ detailLagMs: 1500 });
		readAgainPauses().pausesMs = [500, 1000, 1500];
		try {
			const { run, slug } = await oneLink('LAG-1');
			await sandbox.control.pay(slug);
			await sandbox.control.resetCounters();
			const answer = await replayCallback(sandbox, run, slug);
			expect(answer.status).toBe(200);
			expect(answer.items).toEqual([expect.objectContaining({ payment_outcome: 'paid', slug })]);
			expect(await detailReads()).toBeGreaterThan(1);
		} finally {
			readAgainPauses().pausesMs = PAUSES_MS;
		}
	});

	it('goes on with the state the service gives, whatever state the callback claims', async () => {
		const { run, slug } = await oneLink('CLAIM-1');
		await sandbox.control.pay(slug, undefined, false);
		const token = { token: await tokenOfLink(sandbox, slug) };
		const claimsNotPaid = await run.callback({
			body: { url: slug, state: 2, payed: false },
			query: token,
		});
		expect(claimsNotPaid.items).toEqual([
			expect.objectContaining({ payment_outcome: 'paid', paid: true, state: 3 }),
		]);
		expect(claimsNotPaid.logs.join('\n')).toContain("the service's state is the one taken");

		const refunded = await oneLink('CLAIM-2');
		await sandbox.control.pay(refunded.slug);
		await sandbox.control.setPaymentState(refunded.slug, 4);
		// The callback of the payment arrives after the refund: the service's word is "refunded".
		const late = await replayCallback(sandbox, refunded.run, refunded.slug);
		expect(late.items?.[0]).toMatchObject({ payment_outcome: 'refunded', state: 4 });
	});

	it('a final state is read once; a state not final is read again over the pauses, then waits on', async () => {
		const paid = await oneLink('READS-1');
		await sandbox.control.pay(paid.slug);
		await sandbox.control.resetCounters();
		await replayCallback(sandbox, paid.run, paid.slug);
		expect(await detailReads()).toBe(1);

		const open = await oneLink('READS-2');
		await sandbox.control.resetCounters();
		const started = Date.now();
		const answer = await open.run.callback({
			body: { url: open.slug, state: 3, payed: true },
			query: { token: await tokenOfLink(sandbox, open.slug) },
		});
		expect(answer.status).toBe(200);
		expect(answer.items).toBeUndefined();
		expect(JSON.stringify(answer.body)).toContain('still waiting');
		expect(await detailReads()).toBe(1 + PAUSES_MS.length);
		expect(Date.now() - started).toBeGreaterThanOrEqual(450);
	});
});

describe("the wait's own token", () => {
	it('still opens the wait after the Callback Secret was changed', async () => {
		const { run, slug } = await oneLink('TOKEN-1');
		run.credentials.stored.set(CREDENTIAL_ID, {
			...run.credentials.stored.get(CREDENTIAL_ID),
			callbackSecret: 'a-new-callback-secret-0123456789',
		});
		await sandbox.control.pay(slug);
		const answer = await replayCallback(sandbox, run, slug);
		expect(answer.items?.[0]).toMatchObject({ payment_outcome: 'paid', slug });
	});

	it("one wait's token opens no other wait", async () => {
		const first = await oneLink('TOKEN-2a');
		const second = await oneLink('TOKEN-2b');
		await sandbox.control.pay(second.slug, undefined, false);
		const answer = await second.run.callback({
			body: { url: second.slug, state: 3, payed: true },
			query: { token: await tokenOfLink(sandbox, first.slug) },
		});
		expect(answer.status).toBe(401);
		expect(answer.items).toBeUndefined();
	});

	it('a wait begun by an earlier version (no token kept) is still opened by the Callback Secret', async () => {
		const { run, slug } = await oneLink('LEGACY-1');
		delete (run.run.data.resultData.metadata as Record<string, string>).pay_waiting_token;
		await sandbox.control.pay(slug, undefined, false);
		const body = { url: slug, state: 3, payed: true };
		const wrong = await run.callback({ body, query: { token: await tokenOfLink(sandbox, slug) } });
		expect(wrong.status).toBe(401);
		const legacy = await run.callback({ body, query: { token: TEST_CALLBACK_SECRET } });
		expect(legacy.items?.[0]).toMatchObject({ payment_outcome: 'paid', slug });
	});
});
