/**
 * The tariff the package computes with where the service gives no fee figures is the one the
 * sandbox documents (sandbox/README.md, "Fees"), and a total of costs splits back into the same
 * fee and IVA.
 */
import {
	FEE_FIXED_COP,
	FEE_RATE,
	IVA_RATE,
	splitCosts,
	tariffCosts,
} from '../../../../nodes/shared/accounting/feeFormula';
import {
	FEE_FIXED,
	FEE_RATE as SANDBOX_RATE,
	feesFor,
	IVA_RATE as SANDBOX_IVA,
} from '../../../../sandbox/fees';

describe('fee formula', () => {
	it("is the sandbox's documented tariff", () => {
		expect([FEE_RATE, FEE_FIXED_COP, IVA_RATE]).toEqual([SANDBOX_RATE, FEE_FIXED, SANDBOX_IVA]);
		for (const amount of [1, 1000, 50000, 100000, 123456.78, 9_999_999]) {
			const sandbox = feesFor(amount);
			expect(tariffCosts(amount)).toEqual({ fee: sandbox.fee, iva: sandbox.iva });
		}
	});

	it('splits a total of costs into fee and IVA (IVA 19 % of the fee), to the cent', () => {
		expect(splitCosts(4522)).toEqual({ fee: 3800, iva: 722 });
		expect(splitCosts(2796.5)).toEqual({ fee: 2350, iva: 446.5 });
		for (const amount of [1000, 50000, 123456.78]) {
			const { fee, iva } = feesFor(amount);
			const split = splitCosts(fee + iva);
			expect(Math.abs(split.fee - fee)).toBeLessThanOrEqual(0.01);
			expect(Math.round((split.fee + split.iva) * 100)).toBe(Math.round((fee + iva) * 100));
		}
	});
});
