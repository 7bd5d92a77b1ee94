/**
 * Sends the service's callbacks (unsigned, one POST, no retries: docs/SERVICE.md, "Payment
 * callbacks") and logs each delivery.
 */
import axios from 'axios';

import { decimalString, feesFor } from './fees';
import type { CallbackDelivery, PaymentObject, Withdrawal } from './model';
import type { SandboxState } from './state';

/**
 * Payment paid (or another state change): the fields real clients receive, amounts as decimal
 * strings (docs/SERVICE.md, "Payment callbacks").
 */
export function paymentCallbackBody(payment: PaymentObject): Record<string, unknown> {
	const fees = feesFor(payment.amount, payment.clientAssumeCosts);
	return {
		payed: payment.state === 3,
		url: payment.slug,
		state: payment.state,
		amount: decimalString(payment.amount),
		payed_amount: decimalString(fees.net),
		fee_amount: decimalString(fees.fee),
		iva_amount: decimalString(fees.iva),
		payment_method: payment.paymentMethod,
		payer_name: payment.payer.name,
		payer_email: payment.payer.email,
		payer_id_type: payment.payer.idType,
		payer_id: payment.payer.id,
		payer_phone: payment.payer.phone,
		cus: payment.cus,
		description: payment.description,
	};
}

/**
 * Withdrawal status change, as bank withdrawals notify it (JSON with id, state, dates, account).
 */
export function withdrawalCallbackBody(withdrawal: Withdrawal): Record<string, unknown> {
	return {
		id: withdrawal.id,
		state: withdrawal.state,
		amount: withdrawal.amount,
		date_created: withdrawal.createdAt.toISOString(),
		date_updated: withdrawal.updatedAt.toISOString(),
		account_holder_name: withdrawal.accountHolderName,
		account_type: withdrawal.accountType,
		account_key: withdrawal.keyValue,
		bank_name: 'Bre-B',
		note: withdrawal.note,
		description: withdrawal.description,
	};
}

/**
 * The live service calls back only for objects created with `platform: "API"` (docs/SERVICE.md,
 * "Create a payment object"); the spec profile calls back for all.
 */
export function sendPaymentCallback(state: SandboxState, payment: PaymentObject): void {
	if (state.options.profile === 'observed' && payment.platform !== 'API') return;
	if (!payment.callback) return;
	const body = paymentCallbackBody(payment);
	if ((payment.dropCallbacks ?? 0) > 0) {
		// Lost on the way, as the network can lose it: the service sends it once and never again.
		payment.dropCallbacks = (payment.dropCallbacks ?? 0) - 1;
		const at = new Date().toISOString();
		state.callbacks.push({
			url: payment.callback,
			kind: 'payment',
			contentType: 'application/json',
			body,
			dropped: true,
			at,
		});
		return;
	}
	deliver(state, payment.callback, 'payment', body, state.options.callbackEncoding);
}

export function sendWithdrawalCallback(state: SandboxState, withdrawal: Withdrawal): void {
	if (withdrawal.callback)
		deliver(state, withdrawal.callback, 'withdrawal', withdrawalCallbackBody(withdrawal), 'json');
}

function deliver(
	state: SandboxState,
	url: string,
	kind: CallbackDelivery['kind'],
	body: Record<string, unknown>,
	encoding: 'json' | 'form',
): void {
	const contentType =
		encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
	const delivery: CallbackDelivery = { url, kind, contentType, body, at: new Date().toISOString() };
	state.callbacks.push(delivery);
	const data =
		encoding === 'form'
			? new URLSearchParams(
					Object.entries(body).map(([key, value]): [string, string] => [key, String(value)]),
				).toString()
			: body;
	axios
		.post(url, data, {
			headers: { 'content-type': contentType },
			timeout: 10_000,
			validateStatus: () => true,
			maxRedirects: 0,
		})
		.then((response) => {
			delivery.status = response.status;
		})
		.catch((error: Error) => {
			delivery.error = error.message;
		});
}
