/**
 * The accounting fields (issue 48) on Payment → Create, Get and Update under Simplify, against both
 * sandbox profiles: gross, fee, IVA and net are the service's own figures (the sandbox's records),
 * computed only where an answer gives none and then marked; Payment → Estimate Fees sends Client
 * Assumes Costs as real clients do.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../../sandbox';
import { feesFor } from '../../../../../sandbox/fees';
import { paymentGet, PSE_LINK, pseCheckout } from '../../../../harness/parameters';
import { runPayNode } from '../../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../../harness/sandboxPerFile';

let sandbox: Sandbox;
useSandboxPerFile((started) => (sandbox = started));

async function run(parameters: IDataObject): Promise<IDataObject> {
	const result = await runPayNode({
		typeVersion: 2,
		parameters: parameters as never,
		credentials: sandboxCredentials(sandbox),
	});
	if (result.error) throw new Error(result.error.message);
	return result.items[0].json;
}

const CREATE = { ...PSE_LINK, amount: 50000, description: 'Invoice 2026-0042' };
const get = paymentGet;

/** The sandbox's own fee, IVA and net for the amount: what the service shows. */
function serviceFigures(amount: number, clientAssumesCosts = false) {
	const fees = feesFor(amount, clientAssumesCosts);
	return {
		gross_amount: fees.net + fees.fee + fees.iva,
		fee_amount: fees.fee,
		iva_amount: fees.iva,
		net_amount: fees.net,
	};
}

describe('Payment → Create and Get, Simplify on', () => {
	it("Create: the service's figures, currency, no payment yet, fees not computed", async () => {
		const created = await run(CREATE);
		expect(created).toMatchObject({
			slug: expect.any(String),
			...serviceFigures(50000),
			gross_amount: 50000,
			currency: 'COP',
			paid_at: null,
			payment_method: null,
			fees_computed: false,
		});
	});

	it('Get of a paid link: the figures, when, how and by whom it was paid, the description', async () => {
		const { slug } = await run(CREATE);
		await run({ ...pseCheckout(slug as string), slug: { __rl: true, mode: 'id', value: slug } });
		const record = await sandbox.control.pay(slug as string, 'pse', false);
		const got = await run(get(slug as string));
		expect(got).toMatchObject({
			slug,
			...serviceFigures(50000),
			currency: 'COP',
			paid_at: record.paidAt,
			payment_method: 'pse',
			payer_name: 'Ana Pérez',
			payer_email: 'ana@example.com',
			payer_id: '1020304050',
			description: 'Invoice 2026-0042',
			fees_computed: false,
		});
		expect(Date.parse(got.paid_at as string)).toBeGreaterThan(Date.now() - 60_000);
	});

	it('Client Assumes Costs: the payer paid the costs on top, the account nets the whole amount', async () => {
		const created = await run({ ...CREATE, options: { clientAssumeCosts: true } });
		const figures = serviceFigures(50000, true);
		expect(figures.net_amount).toBe(50000);
		expect(created).toMatchObject({ ...figures, fees_computed: false });
		const got = await run(get(created.slug as string));
		expect(got).toMatchObject({ ...figures, fees_computed: false });
		expect(got.gross_amount).toBe(
			(got.net_amount as number) + (got.fee_amount as number) + (got.iva_amount as number),
		);
	});

	it('Simplify off: the whole answer, without the set', async () => {
		const { slug } = await run(CREATE);
		const whole = await run(get(slug as string, { simplify: false }));
		expect(whole).not.toHaveProperty('gross_amount');
		expect(whole).not.toHaveProperty('fees_computed');
	});

	it('an answer without fee figures: fee and IVA computed from amount and net, and marked', async () => {
		const { slug } = await run(CREATE);
		await sandbox.control.injectFault({
			route: 'GET /pay_detail/{url}',
			body: 'json',
			json: { url: slug, state: 0, amount: 100000, payed_amount: 95478, description: 'x' },
		});
		expect(await run(get(slug as string))).toMatchObject({
			gross_amount: 100000,
			fee_amount: 3800,
			iva_amount: 722,
			net_amount: 95478,
			fees_computed: true,
		});
	});

	it('an answer with only the amount: the documented tariff, marked', async () => {
		const { slug } = await run(CREATE);
		await sandbox.control.injectFault({
			route: 'GET /pay_detail/{url}',
			body: 'json',
			json: { url: slug, state: 0, amount: 100000 },
		});
		expect(await run(get(slug as string))).toMatchObject({
			...serviceFigures(100000),
			gross_amount: 100000,
			fees_computed: true,
		});
	});
});

describe('Payment → Estimate Fees: Client Assumes Costs', () => {
	const estimate = (options: IDataObject) =>
		run({ resource: 'payment', operation: 'estimateFees', amount: 100000, options });

	it('off or absent: the costs come out of the amount', async () => {
		for (const options of [{}, { clientAssumeCosts: false }])
			expect(await estimate(options)).toMatchObject({
				amount: 100000,
				fee: 3800,
				iva: 722,
				net_amount: 95478,
			});
	});

	it('on: the payer pays them on top, the account nets the whole amount', async () => {
		expect(await estimate({ clientAssumeCosts: true })).toMatchObject({
			amount: 104522,
			fee: 3800,
			iva: 722,
			net_amount: 100000,
		});
	});
});
