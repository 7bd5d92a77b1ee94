/**
 * Withdrawal → Withdraw and Wait for Final Status, the node's own logic in both sandbox profiles:
 * sent once, with this execution's resume URL as its callback; intermediate statuses are answered
 * and waited through, a final one goes on; callbacks of another withdrawal or without the secret
 * are refused; more than one item is refused before anything is sent.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { dropWorkflowList } from '../../../harness/memoryDeduplicator';
import { sandboxCredentials, TEST_CALLBACK_SECRET } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import { startWaitingRun } from '../../../harness/waitingRun';
import type { WaitingRun } from '../../../harness/waitingRun';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const PAYOUT = {
	resource: 'withdrawal',
	operation: 'withdrawAndWait',
	amount: '={{ $json.amount }}',
	keyValue: '3001234567',
	accountHolderName: 'Ana Gómez',
	reference: '={{ $json.payout }}',
	options: {},
};

beforeEach(async () => await sandbox.control.settings({ withdrawalStepMs: 0 }));

const withdrawAndWait = async (input: IDataObject[], workflowId?: string) =>
	await startWaitingRun({
		parameters: PAYOUT as never,
		input,
		credentials: sandboxCredentials(sandbox),
		settings: { continueOnFail: true },
		workflowId,
	});

/** Moves the withdrawal to `state` in the sandbox and sends its status callback to the node. */
async function advanceAndReplay(run: WaitingRun, id: number, state: number) {
	await sandbox.control.advanceWithdrawal(id, state);
	const deliveries = (await sandbox.control.callbacks()).filter((d) => d.kind === 'withdrawal');
	const delivery = deliveries[deliveries.length - 1];
	return await run.callback({
		body: delivery.body,
		query: Object.fromEntries(new URL(delivery.url).searchParams),
	});
}

describe('Withdraw and Wait for Final Status', () => {
	it('waits through "in process" and goes on at "deposited", the withdrawal sent once', async () => {
		const run = await withdrawAndWait([{ amount: 20000, payout: 'PAYOUT-1' }]);
		const [sent] = await sandbox.control.withdrawals();
		const callback = new URL(String(sent.callback));
		expect(callback.pathname).toMatch(new RegExp(`^/webhook-waiting/[\\w-]+/${run.node.id}$`));
		expect(callback.searchParams.get('token')).toMatch(/^[\w-]{32}$/);
		expect(run.waitingFor()).toBe(String(sent.id));
		expect(run.run.waitTill).toBeInstanceOf(Date);

		const inProcess = await advanceAndReplay(run, sent.id, 1);
		expect(inProcess.status).toBe(200);
		expect(inProcess.items).toBeUndefined();

		const deposited = await advanceAndReplay(run, sent.id, 2);
		expect(deposited.items).toEqual([
			expect.objectContaining({
				withdrawal_outcome: 'deposited',
				settled: true,
				withdrawal_id: String(sent.id),
				state: 2,
			}),
		]);
		expect(deposited.pairedItems).toEqual([{ item: 0 }]);
		expect(await sandbox.control.withdrawals()).toHaveLength(1);
	});

	it('goes on at "rejected", not settled', async () => {
		const run = await withdrawAndWait([{ amount: 20000, payout: 'PAYOUT-2' }]);
		const [sent] = await sandbox.control.withdrawals();
		const rejected = await advanceAndReplay(run, sent.id, 5);
		expect(rejected.items?.[0]).toMatchObject({ withdrawal_outcome: 'rejected', settled: false });
	});

	it("refuses another withdrawal's callback, one without the wait's token, the Callback Secret and a payment callback", async () => {
		const run = await withdrawAndWait([{ amount: 20000, payout: 'PAYOUT-3' }]);
		const [sent] = await sandbox.control.withdrawals();
		const token = { token: new URL(String(sent.callback)).searchParams.get('token') ?? '' };
		const other = await run.callback({ body: { id: sent.id + 100, state: 2 }, query: token });
		const noToken = await run.callback({ body: { id: sent.id, state: 2 } });
		const secret = await run.callback({
			body: { id: sent.id, state: 2 },
			query: { token: TEST_CALLBACK_SECRET },
		});
		// A payment callback naming the withdrawal's id as its slug: the id waited for, the wrong kind.
		const paymentShaped = await run.callback({
			body: { url: String(sent.id), state: 2 },
			query: token,
		});
		for (const answer of [other, noToken, secret, paymentShaped]) {
			expect(answer.status).toBe(401);
			expect(answer.items).toBeUndefined();
		}
	});

	it('refuses a run of several items before sending anything', async () => {
		const run = await withdrawAndWait([
			{ amount: 20000, payout: 'PAYOUT-4a' },
			{ amount: 30000, payout: 'PAYOUT-4b' },
		]);
		expect(run.items.map((item) => item.json.outcome)).toEqual(['not_sent', 'not_sent']);
		expect(String(run.items[0].json.error)).toContain('one withdrawal per execution');
		expect(run.run.waitTill).toBeUndefined();
		expect(await sandbox.control.withdrawals()).toHaveLength(0);
	});

	describe('the same payout sent again by a later execution of the workflow', () => {
		it('sends nothing and says which withdrawal the first send made, on a branch of its own, never "not waited"', async () => {
			const first = await withdrawAndWait([{ amount: 20000, payout: 'PAYOUT-5' }], 'repeat-5');
			const [sent] = await sandbox.control.withdrawals();
			await advanceAndReplay(first, sent.id, 2);

			const again = await withdrawAndWait([{ amount: 20000, payout: 'PAYOUT-5' }], 'repeat-5');
			expect(await sandbox.control.withdrawals()).toHaveLength(1);
			expect(again.run.waitTill).toBeUndefined();
			expect(again.items.map((item) => item.json)).toEqual([
				expect.objectContaining({
					outcome: 'already_sent',
					reference: 'PAYOUT-5',
					withdrawal_outcome: 'sent_earlier',
					withdrawal_id: String(sent.id),
					id: sent.id,
					state: 0,
					earlier_answer: 'recorded',
				}),
			]);
			expect(String(again.items[0].json.not_waited_because)).toContain(
				`withdrawal ${sent.id}, created when it was sent`,
			);
			expect(again.items[0].pairedItem).toEqual({ item: 0 });
		});

		it('a record kept by an older version (its mark, no facts) still reads as sent: facts unknown, said so', async () => {
			await withdrawAndWait([{ amount: 20000, payout: 'PAYOUT-6' }], 'repeat-6');
			dropWorkflowList('repeat-6');

			const again = await withdrawAndWait([{ amount: 20000, payout: 'PAYOUT-6' }], 'repeat-6');
			expect(await sandbox.control.withdrawals()).toHaveLength(1);
			expect(again.run.waitTill).toBeUndefined();
			const [json] = again.items.map((item) => item.json);
			expect(json).toMatchObject({
				outcome: 'already_sent',
				withdrawal_outcome: 'sent_earlier',
				earlier_answer: 'not_recorded',
			});
			expect(json.id).toBeUndefined();
			expect(String(json.message)).toContain('What the service answered then is not recorded');
			expect(String(json.not_waited_because)).toContain('its id is not recorded');
		});
	});
});
