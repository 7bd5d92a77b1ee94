/**
 * The sandbox's deterministic fee rule (the real one is not published): 2.9 % of the amount plus
 * 900 COP, IVA 19 % of that fee, both rounded to cents. The payee receives the amount minus fee
 * and IVA, unless the client assumes the costs (then the payer pays them on top).
 */
export const FEE_RATE = 0.029;
export const FEE_FIXED = 900;
export const IVA_RATE = 0.19;

export interface FeeBreakdown {
	amount: number;
	fee: number;
	iva: number;
	net: number;
}

export function feesFor(amount: number, clientAssumesCosts = false): FeeBreakdown {
	const fee = cents(amount * FEE_RATE + FEE_FIXED);
	const iva = cents(fee * IVA_RATE);
	return {
		amount: cents(amount),
		fee,
		iva,
		net: clientAssumesCosts ? cents(amount) : cents(amount - fee - iva),
	};
}

export function cents(value: number): number {
	return Math.round(value * 100) / 100;
}

/** "50000.00": the creation response's decimal strings. */
export function decimalString(value: number): string {
	return cents(value).toFixed(2);
}
