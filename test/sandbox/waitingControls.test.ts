/**
 * The sandbox's controls for the waits' hard cases: a detail read that lags behind a change, and a
 * link's callback lost on the way.
 */
import type { Sandbox } from '../../sandbox';
import { createPayment, useSandboxWithDemoClient } from './apiClient';
import type { ApiClient } from './apiClient';
import { useCallbackReceiverPerFile } from './callbackReceiver';
import type { CallbackReceiver } from './callbackReceiver';

let sandbox: Sandbox;
let demo: ApiClient;
let receiver: CallbackReceiver;

useSandboxWithDemoClient(
	{ profile: 'spec' },
	(started, client) => ([sandbox, demo] = [started, client]),
	async (started) => await started.control.settings({ detailLagMs: 0 }),
);
useCallbackReceiverPerFile((started) => (receiver = started));

const stateRead = async (slug: string) =>
	(await demo.call('GET', `/pay_detail/${slug}`)).data.state as number;

describe('sandbox controls for waiting', () => {
	it('detailLagMs: the detail read shows the object as it stood that long ago', async () => {
		await sandbox.control.settings({ detailLagMs: 400 });
		const slug = String((await createPayment(demo)).url);
		await sandbox.control.pay(slug, 'pse', false);
		expect(await stateRead(slug)).toBe(0);
		await new Promise((resolve) => setTimeout(resolve, 450));
		expect(await stateRead(slug)).toBe(3);
		expect((await sandbox.control.payment(slug)).state).toBe(3);
	});

	it('drop-callbacks: the next callback is recorded as dropped and never posted; the one after goes', async () => {
		const slug = String((await createPayment(demo, { callback: receiver.url })).url);
		await sandbox.control.dropCallbacks(slug);
		await sandbox.control.pay(slug);
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect(receiver.received).toHaveLength(0);
		const [dropped] = await sandbox.control.callbacks();
		expect(dropped).toMatchObject({ dropped: true, body: { url: slug, state: 3 } });
		expect(dropped.status).toBeUndefined();

		await sandbox.control.setPaymentState(slug, 4, true);
		const [posted] = await receiver.waitFor(1);
		expect(JSON.parse(posted.text)).toMatchObject({ url: slug, state: 4 });
	});
});
