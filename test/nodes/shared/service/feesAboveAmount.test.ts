/**
 * Fees above the amount (issue 55, point 9): from a payment's figures, whether its fee and IVA take
 * the whole amount or more (a net of zero or less), and the sentence that says so. The boundary is
 * a net of exactly zero: flagged; one cent above it is not.
 */
import fc from 'fast-check';

import {
	feesAboveAmount,
	netOf,
	serviceFeeFigures,
} from '../../../../nodes/shared/service/feesAboveAmount';
import { feesFor } from '../../../../sandbox/fees';

/** Figures in cents, as the service's decimal strings are. */
const cents = (min: number, max: number) =>
	fc.integer({ min, max }).map((value) => Math.round(value) / 100);

describe('feesAboveAmount', () => {
	it("the issue's link: 1,000 COP, fee 929 and IVA 176.51, the payee receives −105.51", () => {
		const fees = feesFor(1000);
		const said = feesAboveAmount({ amount: 1000, fee: fees.fee, iva: fees.iva, net: fees.net });
		expect(said).toEqual({
			fees_exceed_amount: true,
			fees_warning:
				"The service's fee (929 COP) and IVA (176.51 COP) take more than this link's 1,000 COP: the payee receives \u2212105.51 COP.",
		});
	});

	it('a net of zero or less is flagged, with a warning naming the net; above zero is not', () => {
		fc.assert(
			fc.property(
				cents(0, 10_000_000),
				cents(0, 2_000_000),
				cents(-100_000, 100_000),
				(fee, iva, net) => {
					const amount = Math.round((fee + iva + net) * 100) / 100;
					const said = feesAboveAmount({ amount, fee, iva, net });
					expect(said.fees_exceed_amount).toBe(net <= 0);
					if (net > 0) expect(said).not.toHaveProperty('fees_warning');
					else expect(said.fees_warning).toMatch(/the payee receives (\u2212)?[\d,.]+ COP\.$/);
				},
			),
		);
	});

	it('at the boundary: a net of exactly 0 "takes all of" the amount; one cent either side decides', () => {
		fc.assert(
			fc.property(cents(1, 10_000_000), (amount) => {
				const fee = Math.round((amount / 1.19) * 100) / 100;
				const iva = Math.round((amount - fee) * 100) / 100;
				// No net given: the amount less fee and IVA, to the cent, is exactly 0.
				const atZero = feesAboveAmount({ amount, fee, iva });
				expect(atZero.fees_exceed_amount).toBe(true);
				expect(atZero.fees_warning).toContain('take all of');
				expect(atZero.fees_warning).toMatch(/receives 0 COP\.$/);
				expect(feesAboveAmount({ amount, fee, iva, net: 0.01 }).fees_exceed_amount).toBe(false);
				const below = feesAboveAmount({ amount, fee, iva, net: -0.01 });
				expect(below.fees_warning).toMatch(/take more than .* receives \u22120\.01 COP\.$/);
			}),
		);
	});

	it("the service's net wins over amount less fee and IVA; without a net or its parts, nothing is said", () => {
		expect(netOf({ amount: 1000, fee: 10, iva: 1.9, net: -5 })).toBe(-5);
		expect(netOf({ amount: 1000, fee: 10, iva: 1.9 })).toBe(988.1);
		expect(feesAboveAmount({ amount: 1000 })).toEqual({ fees_exceed_amount: false });
		expect(feesAboveAmount({ amount: 1000, fee: 2000 })).toEqual({ fees_exceed_amount: false });
		expect(feesAboveAmount({})).toEqual({ fees_exceed_amount: false });
	});

	it('a net without fee figures, or without the amount, still names what it knows', () => {
		expect(feesAboveAmount({ amount: 500, net: -10 }).fees_warning).toBe(
			"The service's fee and IVA take more than this link's 500 COP: the payee receives \u221210 COP.",
		);
		expect(feesAboveAmount({ net: 0 }).fees_warning).toBe(
			"The service's fee and IVA take all of the link's amount: the payee receives 0 COP.",
		);
	});

	it('before creation (Estimate Fees), of a link that would be made', () => {
		expect(feesAboveAmount({ amount: 1000, fee: 929, iva: 176.51, net: -105.51 }, true)).toEqual({
			fees_exceed_amount: true,
			fees_warning:
				"The service's fee (929 COP) and IVA (176.51 COP) would take more than a link of 1,000 COP: the payee would receive \u2212105.51 COP.",
		});
	});

	it("reads the service's names: decimal strings, iva_amount else fee_iva_amount, payed_amount", () => {
		expect(
			serviceFeeFigures({
				amount: '1000.00',
				fee_amount: 929,
				fee_iva_amount: 176.51,
				payed_amount: '-105.51',
			}),
		).toEqual({ amount: 1000, fee: 929, iva: 176.51, net: -105.51 });
		expect(serviceFeeFigures({ iva_amount: 1, fee_iva_amount: 2 }).iva).toBe(1);
		expect(serviceFeeFigures({ amount: '', payed_amount: 'n/a' })).toEqual({
			amount: undefined,
			fee: undefined,
			iva: undefined,
			net: undefined,
		});
	});
});
