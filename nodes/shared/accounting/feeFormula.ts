/**
 * The fee and IVA of a payment when the service's answer gives none (docs/SERVICE.md,
 * "Accounting fields"). The service publishes no tariff: the package uses the one the sandbox
 * documents (sandbox/README.md, "Fees"): 2.9 % of the amount plus 900 COP, IVA 19 % of that fee.
 * Every figure it yields is marked `fees_computed: true`, so a bookkeeper checks it against the
 * service's statement.
 */
export const FEE_RATE = 0.029;
export const FEE_FIXED_COP = 900;
/** IVA on the service's fee (the creation answer's `fee_iva`: 19). */
export const IVA_RATE = 0.19;

export interface Costs {
	fee: number;
	iva: number;
}

/** The tariff's fee and IVA for an amount the payer pays. */
export function tariffCosts(amount: number): Costs {
	const fee = cents(amount * FEE_RATE + FEE_FIXED_COP);
	return { fee, iva: cents(fee * IVA_RATE) };
}

/**
 * Fee and IVA from what they add up to (the amount less the net the service gives): IVA is 19 %
 * of the fee, so the fee is the total over 1.19 and IVA the rest, to the cent.
 */
export function splitCosts(total: number): Costs {
	const fee = cents(total / (1 + IVA_RATE));
	return { fee, iva: cents(total - fee) };
}

/** Rounded to cents, as the service's decimal strings are. */
export function cents(value: number): number {
	return Math.round(value * 100) / 100;
}
