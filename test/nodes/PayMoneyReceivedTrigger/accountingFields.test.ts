/**
 * The accounting fields (issue 48) on Pay Money Received Trigger items, against both sandbox
 * profiles: a transfer books its amount gross and net, no fee (marked: the list shows none), its
 * date, and its sender. The `spec` profile lists only transfers the account made, so a sent one
 * (Include Transfers Sent) is what both profiles can show.
 */
import type { Sandbox } from '../../../sandbox';
import { PollTriggerHarness } from '../../harness/pollTriggerHarness';
import { sandboxCredentials } from '../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../harness/sandboxPerFile';
import { profileUnderTest } from '../../harness/sandboxProfile';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const trigger = async (options: Record<string, unknown> = {}) =>
	await PollTriggerHarness.create(
		{ account: 'demo', options } as never,
		sandboxCredentials(sandbox),
	);

async function transferOf(from: string, to: string, amount: number) {
	await sandbox.control.updateAccount(from, { balance: 1_000_000 });
	await sandbox.control.sendTransfer({ from, to, amount });
	const all = await sandbox.control.transfers();
	return all[all.length - 1];
}

const setFor = (amount: number, date: string, payer: string) => ({
	slug: null,
	gross_amount: amount,
	fee_amount: 0,
	iva_amount: 0,
	net_amount: amount,
	currency: 'COP',
	paid_at: date,
	payment_method: 'transfer',
	payer_name: null,
	payer_email: null,
	payer_id: payer,
	description: null,
	fees_computed: true,
});

describe('Pay Money Received Trigger: accounting fields', () => {
	it('a transfer the account sent (Include Transfers Sent): the matching set', async () => {
		const poller = await trigger({ includeSent: true });
		await poller.activate();
		const record = await transferOf('demo', 'friend', 4200);
		const [[item]] = (await poller.tick()).executions;
		expect(item).toMatchObject({ direction: 'sent', ...setFor(4200, record.date, 'demo') });
	});

	it('a transfer received (the live service lists it; the spec does not)', async () => {
		const poller = await trigger();
		await poller.activate();
		const record = await transferOf('friend', 'demo', 25_000);
		const executions = (await poller.tick()).executions;
		if (profileUnderTest() === 'spec') return expect(executions).toEqual([]);
		expect(executions[0][0]).toMatchObject({
			direction: 'received',
			...setFor(25_000, record.date, 'friend'),
		});
	});
});
