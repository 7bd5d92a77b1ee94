/**
 * The accounting fields (issue 48) on Pay Trigger items, against both sandbox profiles: a verified
 * callback books the service's read (its figures and payment date), an unverified one what it
 * claimed, with what it lacks computed and marked; a withdrawal's item gets none.
 */
import type { Sandbox } from '../../../sandbox';
import { feesFor } from '../../../sandbox/fees';
import { PayTriggerHarness } from '../../harness/payTriggerHarness';
import { sandboxCredentials, TEST_CALLBACK_SECRET } from '../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../harness/sandboxPerFile';
import { createPayment, login } from '../../sandbox/apiClient';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

const secret = { token: TEST_CALLBACK_SECRET };
const trigger = async (options: Record<string, unknown> = {}) =>
	await PayTriggerHarness.create(
		{ events: ['paymentPaid', 'paymentOther', 'withdrawal'], options } as never,
		sandboxCredentials(sandbox),
	);

async function paidPayment(): Promise<{ slug: string; paidAt: string }> {
	const created = await createPayment(await login(sandbox));
	const record = await sandbox.control.pay(created.url as string, 'pse', false);
	return { slug: created.url as string, paidAt: record.paidAt as string };
}

describe('Pay Trigger: accounting fields', () => {
	it("a verified paid callback: the service's figures and payment date", async () => {
		const { slug, paidAt } = await paidPayment();
		const body = await sandbox.control.callbackBody(slug);
		const [item] = (await (await trigger()).receive({ body, query: secret })).items;
		const fees = feesFor(50000);
		expect(item).toMatchObject({
			verified: true,
			slug,
			gross_amount: 50000,
			fee_amount: fees.fee,
			iva_amount: fees.iva,
			net_amount: fees.net,
			currency: 'COP',
			paid_at: paidAt,
			payment_method: 'pse',
			fees_computed: false,
		});
		expect(item).toHaveProperty('payer_name');
		expect(item).toHaveProperty('description', body.description || null);
	});

	it("an unverified callback of the newer documentation's typical payload: computed, marked, no date", async () => {
		const { slug } = await paidPayment();
		const typical = {
			orderId: 'A-1',
			state: 3,
			payment_method: 'pse',
			amount: '100000.00',
			url: slug,
		};
		const harness = await trigger({ verifyWithApi: false });
		const [item] = (await harness.receive({ body: typical, query: secret })).items;
		expect(item).toMatchObject({
			verified: false,
			slug,
			gross_amount: 100000,
			fee_amount: 3800,
			iva_amount: 722,
			net_amount: 95478,
			paid_at: null,
			payment_method: 'pse',
			payer_name: null,
			fees_computed: true,
		});
	});

	it('a withdrawal callback: no accounting fields', async () => {
		const body = { id: '7', state: 2, amount: 1000 };
		const [item] = (await (await trigger()).receive({ body, query: secret })).items;
		expect(item).toMatchObject({ kind: 'withdrawal', withdrawal_id: '7' });
		expect(item).not.toHaveProperty('gross_amount');
	});
});
