/**
 * What a verified callback item may be trusted for: the event, state, amounts and payer are what
 * the service said, not what the callback claimed; copies arriving together start the workflow
 * once; a callback naming no payment of the service's shape is refused before any read.
 */
import type { Sandbox } from '../../../sandbox';
import { PayTriggerHarness } from '../../harness/payTriggerHarness';
import { sandboxCredentials, TEST_CALLBACK_SECRET } from '../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../harness/sandboxPerFile';
import { createPayment, login } from '../../sandbox/apiClient';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const secret = { token: TEST_CALLBACK_SECRET };
const trigger = async (events = ['paymentPaid', 'paymentOther', 'withdrawal']) =>
	await PayTriggerHarness.create({ events, options: {} } as never, sandboxCredentials(sandbox));

async function newPayment(paid: boolean): Promise<string> {
	const created = await createPayment(await login(sandbox));
	if (paid) await sandbox.control.pay(created.url as string, 'pse');
	return created.url as string;
}

describe('a verified callback item', () => {
	it('is no payment when the callback says payed: true beside the state of an unpaid object', async () => {
		const slug = await newPayment(false);
		const paidOnly = await (
			await trigger(['paymentPaid'])
		).receive({ body: { payed: true, url: slug, state: 0 }, query: secret });
		expect(paidOnly.items).toHaveLength(0);
		const everything = await (
			await trigger()
		).receive({ body: { payed: true, url: slug, state: 0 }, query: secret });
		expect(everything.items[0]).toMatchObject({
			event: 'payment.state_changed',
			paid: false,
			state: 0,
			state_label: 'created',
			verified: true,
		});
	});

	it("carries the service's amounts and payer, not the callback's, which stays under body", async () => {
		const slug = await newPayment(true);
		const forged = {
			url: slug,
			state: 3,
			amount: '1',
			payed_amount: '99999999',
			payer_name: 'Mallory',
			payer_email: 'evil@example.com',
		};
		const answer = await (await trigger()).receive({ body: forged, query: secret });
		const [item] = answer.items;
		expect(item).toMatchObject({
			event: 'payment.paid',
			verified: true,
			amount: 50000,
			payed_amount: 47203.5,
			fee_amount: 2350,
			iva_amount: 446.5,
		});
		expect(item.payer).toMatchObject({ name: null, email: null });
		expect(item.body).toEqual(forged);
	});

	it('starts the workflow once for copies that arrive together, in any spelling of the state', async () => {
		const slug = await newPayment(true);
		const harness = await trigger();
		const body = { payed: true, url: slug, state: 3 };
		const answers = await Promise.all([
			harness.receive({ body, query: secret }),
			harness.receive({ body: { ...body, state: '3' }, query: secret }),
			harness.receive({ body: { ...body, state: '3.0' }, query: secret }),
		]);
		expect(answers.map((answer) => answer.items.length).sort()).toEqual([0, 0, 1]);
		expect(
			answers
				.filter((answer) => answer.items.length === 0)
				.map((answer) => answer.response?.status),
		).toEqual([200, 200]);
	});

	it('lets a copy go on when the one before it could not be verified', async () => {
		const slug = await newPayment(true);
		const harness = await trigger();
		await sandbox.control.injectFault({ route: 'GET /pay_detail/{url}', status: 500, times: 4 });
		const body = { url: slug, state: 3 };
		const first = await harness.receive({ body, query: secret });
		expect(first.response?.status).toBe(503);
		const second = await harness.receive({ body, query: secret });
		expect(second.items).toHaveLength(1);
	});
});

describe('a callback that names no payment of the service', () => {
	it.each(['..', '.', '../../x', 'a/b', 'x'.repeat(65)])(
		'with "url" %j is refused (400) without reading anything',
		async (url) => {
			const answer = await (await trigger()).receive({ body: { url, state: 3 }, query: secret });
			expect(answer.response).toMatchObject({
				status: 400,
				body: {
					received: false,
					message: 'Not a payment callback: its "url" is not a payment slug',
				},
			});
			expect(answer.items).toHaveLength(0);
			expect(await sandbox.control.count('GET /pay_detail/{url}')).toBe(0);
		},
	);

	it('with a slug the service does not know is dropped for good (200), not answered as an outage (503)', async () => {
		const answer = await (
			await trigger()
		).receive({ body: { url: 'nosuch123', state: 3 }, query: secret });
		expect(answer.response).toMatchObject({
			status: 200,
			body: { received: true, note: 'the service has no payment nosuch123' },
		});
		expect(answer.items).toHaveLength(0);
	});

	it('a withdrawal id longer than 64 characters is refused (400): each id seen is kept in the stored data', async () => {
		const answer = await (
			await trigger()
		).receive({ body: { id: '7'.repeat(65), state: 2 }, query: secret });
		expect(answer.response?.status).toBe(400);
		expect(answer.items).toHaveLength(0);
	});
});
