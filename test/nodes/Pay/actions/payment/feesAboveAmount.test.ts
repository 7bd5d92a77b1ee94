/**
 * Fees above the amount (issue 55, point 9), through the node against both sandbox profiles: a
 * 1,000 COP link whose fee (929) and IVA (176.51) take more than its amount. Create, Get, a
 * checkout's payment object and Estimate Fees say so on the item (`fees_exceed_amount`,
 * `fees_warning`, Simplify on or off), and the run says it once in an execution hint; a link
 * whose payee receives something says nothing.
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

const run = async (parameters: IDataObject, input?: IDataObject[], typeVersion = 2) =>
	await runPayNode({
		typeVersion,
		parameters: parameters as never,
		input,
		credentials: sandboxCredentials(sandbox),
	});

const CREATE = { ...PSE_LINK, amount: '={{ $json.amount }}', description: 'Small invoice' };
const get = paymentGet;

const WARNING_OF_1000 =
	"The service's fee (929 COP) and IVA (176.51 COP) take more than this link's 1,000 COP: the payee receives \u2212105.51 COP.";

describe('a link whose fees take more than its amount', () => {
	it("the sandbox's tariff gives the issue's figures", () => {
		expect(feesFor(1000)).toEqual({ amount: 1000, fee: 929, iva: 176.51, net: -105.51 });
	});

	it('Create: the item says so, Simplify on and off, and the run says it in one hint', async () => {
		for (const simplify of [true, false]) {
			const created = await run({ ...CREATE, simplify }, [{ amount: 1000 }]);
			expect(created.error).toBeUndefined();
			const item = created.items[0].json;
			expect(item).toMatchObject({ fees_exceed_amount: true, fees_warning: WARNING_OF_1000 });
			if (simplify) expect(item).toMatchObject({ net_amount: -105.51, gross_amount: 1000 });
			expect(created.hints).toEqual([
				{
					message: `1 item (${String(item.slug)}): the service's fee and IVA take the whole amount or more (a net of zero or less). Each item's fees_warning gives the figures.`,
					type: 'warning',
					location: 'outputPane',
				},
			]);
		}
	});

	it('Create at version 1 (no Simplify): the whole object carries both fields', async () => {
		const created = await run(CREATE, [{ amount: 1000 }], 1);
		expect(created.items[0].json).toMatchObject({
			fees_exceed_amount: true,
			fees_warning: WARNING_OF_1000,
		});
		expect(created.hints).toHaveLength(1);
	});

	it('Get: the link read again says so too', async () => {
		const created = await run(CREATE, [{ amount: 1000 }]);
		const slug = String(created.items[0].json.slug);
		for (const simplify of [true, false]) {
			const got = await run(get(slug, { simplify }));
			expect(got.items[0].json).toMatchObject({
				slug,
				fees_exceed_amount: true,
				fees_warning: WARNING_OF_1000,
			});
			expect(got.hints.map((hint) => hint.message)).toEqual([expect.stringContaining(slug)]);
		}
	});

	it("a checkout's payment object says so, and the run's hint names its link", async () => {
		const created = await run(CREATE, [{ amount: 1000 }]);
		const slug = String(created.items[0].json.slug);
		const paid = await run({ ...pseCheckout(slug), slug: { __rl: true, mode: 'id', value: slug } });
		expect(paid.error).toBeUndefined();
		// Both profiles' checkout answers carry the payment object.
		expect(paid.items[0].json.payment).toMatchObject({
			fees_exceed_amount: true,
			fees_warning: WARNING_OF_1000,
		});
		expect(paid.hints.map((hint) => hint.message)).toEqual([expect.stringContaining(slug)]);
	});

	it('a run of several: the hint counts them and names the first three', async () => {
		const amounts = [1000, 50000, 900, 1050, 1100, 20000];
		const created = await run(
			CREATE,
			amounts.map((amount) => ({ amount })),
		);
		const flags = created.items.map((item) => item.json.fees_exceed_amount);
		expect(flags).toEqual([true, false, true, true, true, false]);
		const slugs = created.items.filter((item) => item.json.fees_exceed_amount);
		const first = slugs.slice(0, 3).map((item) => String(item.json.slug));
		expect(created.hints.map((hint) => hint.message)).toEqual([
			expect.stringMatching(new RegExp(`^4 items \\(${first.join(', ')} and 1 more\\): `)),
		]);
	});
});

describe('a link whose payee receives something', () => {
	it('Create and Get: fees_exceed_amount false, no warning, no hint', async () => {
		const created = await run(CREATE, [{ amount: 50000 }]);
		expect(created.items[0].json.fees_exceed_amount).toBe(false);
		expect(created.items[0].json).not.toHaveProperty('fees_warning');
		expect(created.hints).toEqual([]);
		const got = await run(get(String(created.items[0].json.slug)));
		expect(got.items[0].json).toMatchObject({ fees_exceed_amount: false });
		expect(got.hints).toEqual([]);
	});

	it('Client Assumes Costs: the payer pays them on top, the payee receives the whole 1,000', async () => {
		const created = await run({ ...CREATE, options: { clientAssumeCosts: true } }, [
			{ amount: 1000 },
		]);
		expect(created.items[0].json).toMatchObject({ net_amount: 1000, fees_exceed_amount: false });
		expect(created.hints).toEqual([]);
	});
});

describe('Payment → Estimate Fees, before creation', () => {
	const estimate = (amount: number, options: IDataObject = {}) =>
		run({ resource: 'payment', operation: 'estimateFees', amount, options });

	it('1,000 COP: says the link would give the payee less than nothing, with a hint', async () => {
		const estimated = await estimate(1000);
		expect(estimated.items[0].json).toMatchObject({
			amount: 1000,
			fee: 929,
			iva: 176.51,
			net_amount: -105.51,
			fees_exceed_amount: true,
			fees_warning:
				"The service's fee (929 COP) and IVA (176.51 COP) would take more than a link of 1,000 COP: the payee would receive \u2212105.51 COP.",
		});
		expect(estimated.hints.map((hint) => hint.message)).toEqual([
			expect.stringMatching(/^1 item: the service's fee and IVA take the whole amount or more/),
		]);
	});

	it('50,000 COP, or 1,000 with Client Assumes Costs: false, no warning, no hint', async () => {
		for (const estimated of [
			await estimate(50000),
			await estimate(1000, { clientAssumeCosts: true }),
		]) {
			expect(estimated.items[0].json.fees_exceed_amount).toBe(false);
			expect(estimated.items[0].json).not.toHaveProperty('fees_warning');
			expect(estimated.hints).toEqual([]);
		}
	});
});
