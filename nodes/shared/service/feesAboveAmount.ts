/**
 * Fees above the amount: a small link whose fee and IVA take all of its amount,
 * or more (1,000 COP: fee 929, IVA 176.51, the payee receives −105.51). The service creates and
 * books it without a word; the node says so, on the item (`fees_exceed_amount`, `fees_warning`)
 * and in an execution hint (nodes/Pay/execution/feesHint.ts). Only the service's figures count:
 * its net (`payed_amount`), else its amount less its fee and IVA; without them nothing is claimed.
 */
import type { IDataObject } from 'n8n-workflow';

import { toNumber } from './normalize';

/** A payment's figures in pesos; `undefined` where the service gave none. */
export interface FeeFigures {
	/** The link's amount, what the payer pays. */
	amount?: number;
	fee?: number;
	iva?: number;
	/** What the payee receives. */
	net?: number;
}

/** The two fields every payment object carries; the warning only when the fees take it all. */
export interface FeesAboveAmount {
	fees_exceed_amount: boolean;
	fees_warning?: string;
}

/** The figures of a payment object (a creation, detail or edit answer), by the service's names. */
export function serviceFeeFigures(payment: IDataObject): FeeFigures {
	return {
		amount: toNumber(payment.amount),
		fee: toNumber(payment.fee_amount),
		iva: toNumber(payment.iva_amount) ?? toNumber(payment.fee_iva_amount),
		net: toNumber(payment.payed_amount),
	};
}

/** The net the figures give: the service's own, else the amount less fee and IVA, to the cent. */
export function netOf(figures: FeeFigures): number | undefined {
	if (figures.net !== undefined) return figures.net;
	const { amount, fee, iva } = figures;
	if (amount === undefined || fee === undefined || iva === undefined) return undefined;
	return Math.round((amount - fee - iva) * 100) / 100;
}

/**
 * Whether the fees take the whole amount or more (a net of zero or less), and then the sentence
 * that says so. `beforeCreation`: Estimate Fees, of a link not made yet.
 */
export function feesAboveAmount(figures: FeeFigures, beforeCreation = false): FeesAboveAmount {
	const net = netOf(figures);
	if (net === undefined || net > 0) return { fees_exceed_amount: false };
	return { fees_exceed_amount: true, fees_warning: feesWarning(figures, net, beforeCreation) };
}

function feesWarning(figures: FeeFigures, net: number, beforeCreation: boolean): string {
	const { amount, fee, iva } = figures;
	const costs =
		fee !== undefined && iva !== undefined
			? `The service's fee (${cop(fee)}) and IVA (${cop(iva)})`
			: "The service's fee and IVA";
	const take = net === 0 ? 'all of' : 'more than';
	const link = beforeCreation ? 'a link of' : "this link's";
	const whole = amount === undefined ? "the link's amount" : `${link} ${cop(amount)}`;
	const receives = beforeCreation ? 'the payee would receive' : 'the payee receives';
	return `${costs} ${beforeCreation ? 'would take' : 'take'} ${take} ${whole}: ${receives} ${cop(net)}.`;
}

// Made on first use: building a NumberFormat loads ICU's locale data, a third of the package's
// require time, and most runs never warn about fees.
let pesos: Intl.NumberFormat | undefined;

/** "1,000 COP", "176.51 COP", "−105.51 COP" (a true minus sign, as in a statement). */
function cop(value: number): string {
	// -0 (a net of 0 computed as 0 - 0) reads as 0.
	pesos ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
	return `${pesos.format(value === 0 ? 0 : value).replace('-', '\u2212')} COP`;
}
