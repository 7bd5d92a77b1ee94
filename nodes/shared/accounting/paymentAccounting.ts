/**
 * The fields a bookkeeper books for one payment, the same flat set on every output that carries a
 * payment object (docs/SERVICE.md, "Accounting fields"; docs/RECONCILIATION.md): gross, fee, IVA
 * and net from the service's own figures, computed only where it gives none (`fees_computed`).
 */
import type { IDataObject } from 'n8n-workflow';

import { isoDate } from '../service/isoDate';
import { toNumber } from '../service/normalize';
import { cents, IVA_RATE, splitCosts, tariffCosts } from './feeFormula';

/** The service is Colombian and answers in pesos; only its creation answer names the currency. */
export const SERVICE_CURRENCY = 'COP';

/** The set's names, in the order items carry them. */
export const ACCOUNTING_FIELDS = [
	'slug',
	'gross_amount',
	'fee_amount',
	'iva_amount',
	'net_amount',
	'currency',
	'paid_at',
	'payment_method',
	'payer_name',
	'payer_email',
	'payer_id',
	'description',
	'fees_computed',
] as const;

export interface MoneyFigures {
	gross: number | null;
	fee: number | null;
	iva: number | null;
	net: number | null;
	computed: boolean;
}

/**
 * The set for a payment object, from a view or an answer with the service's names (`url` or
 * `slug`, `amount`, `fee_amount`, `iva_amount` or `fee_iva_amount`, `payed_amount`, `date_payed`,
 * `payment_method`, `payer_…`, `description`, `currency_code` or `currency`).
 */
export function paymentAccounting(payment: IDataObject): IDataObject {
	const money = moneyFigures(
		toNumber(payment.amount),
		toNumber(payment.fee_amount),
		toNumber(payment.iva_amount) ?? toNumber(payment.fee_iva_amount),
		toNumber(payment.payed_amount),
	);
	return {
		slug: text(payment.slug) ?? text(payment.url),
		gross_amount: money.gross,
		fee_amount: money.fee,
		iva_amount: money.iva,
		net_amount: money.net,
		currency: text(payment.currency_code) ?? text(payment.currency) ?? SERVICE_CURRENCY,
		paid_at: isoDate(payment.date_payed) ?? null,
		payment_method: text(payment.payment_method),
		payer_name: text(payment.payer_name),
		payer_email: text(payment.payer_email),
		payer_id: text(payment.payer_id),
		description: text(payment.description),
		fees_computed: money.computed,
	};
}

/**
 * Gross, fee, IVA and net. The service gives the fee, the IVA and the net (`payed_amount`); what
 * the payer paid is their sum, which is `amount` unless the client assumed the costs (then the
 * payer paid them on top). A missing fee or IVA comes from the other (IVA is 19 % of the fee), else
 * from the amount less the net, else from the tariff (feeFormula.ts).
 */
export function moneyFigures(
	amount: number | undefined,
	fee: number | undefined,
	iva: number | undefined,
	net: number | undefined,
): MoneyFigures {
	let computed = false;
	if (fee === undefined && iva !== undefined) [fee, computed] = [cents(iva / IVA_RATE), true];
	if (iva === undefined && fee !== undefined) [iva, computed] = [cents(fee * IVA_RATE), true];
	if (fee === undefined || iva === undefined) {
		if (amount === undefined) return { gross: null, fee: null, iva: null, net: null, computed };
		({ fee, iva } = net === undefined ? tariffCosts(amount) : splitCosts(amount - net));
		computed = true;
	}
	if (net === undefined) {
		if (amount === undefined) return { gross: null, fee, iva, net: null, computed };
		[net, computed] = [cents(amount - fee - iva), true];
	}
	return { gross: cents(net + fee + iva), fee, iva, net, computed };
}

/** A text field as the set carries it: `null` when absent or empty ("" while unpaid). */
export function text(value: unknown): string | null {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value !== 'string' || value.trim() === '') return null;
	return value;
}
