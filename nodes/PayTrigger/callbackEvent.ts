/**
 * What a callback body says, as one clean event. The service documents the payment callback's
 * fields (public-facts) and sends withdrawal callbacks with `id` and `state`; amounts arrive as
 * decimal strings and form bodies make every value a string, so numbers are read defensively.
 */
import type { IDataObject } from 'n8n-workflow';

import { toNumber } from '../Pay/helpers/normalize';
import { paymentStateLabel, withdrawalStateLabel } from '../Pay/helpers/states';

export type EventKind = 'payment' | 'withdrawal';

export interface CallbackEvent {
	kind: EventKind;
	/** The slug of a payment object, or the id of a withdrawal. */
	id: string;
	state: number | null;
	/** The event as workflow items carry it. */
	json: IDataObject;
}

export type ParsedCallback = { ok: true; event: CallbackEvent } | { ok: false; problem: string };

const PAID_STATE = 3;

export function parseCallback(body: IDataObject): ParsedCallback {
	const slug = text(body.url);
	if (slug !== undefined) return { ok: true, event: paymentEvent(slug, body) };
	const id = text(body.id);
	if (id !== undefined && 'state' in body) return { ok: true, event: withdrawalEvent(id, body) };
	return { ok: false, problem: 'Not a payment callback (no "url") nor a withdrawal callback ("id" and "state")' };
}

function paymentEvent(slug: string, body: IDataObject): CallbackEvent {
	const state = toNumber(body.state) ?? null;
	const paid = state === PAID_STATE || body.payed === true || body.payed === 'true' || body.payed === 'True';
	const json: IDataObject = {
		event: paid ? 'payment.paid' : 'payment.state_changed',
		kind: 'payment',
		slug,
		state,
		state_label: paymentStateLabel(state),
		paid,
		amount: toNumber(body.amount) ?? null,
		payed_amount: toNumber(body.payed_amount) ?? null,
		fee_amount: toNumber(body.fee_amount) ?? null,
		iva_amount: toNumber(body.iva_amount) ?? null,
		payment_method: text(body.payment_method) ?? null,
		payer: {
			name: text(body.payer_name) ?? null,
			email: text(body.payer_email) ?? null,
			id_type: text(body.payer_id_type) ?? null,
			id: text(body.payer_id) ?? null,
			phone: text(body.payer_phone) ?? null,
		},
		cus: text(body.cus) ?? null,
		description: text(body.description) ?? null,
	};
	return { kind: 'payment', id: slug, state, json };
}

function withdrawalEvent(id: string, body: IDataObject): CallbackEvent {
	const state = toNumber(body.state) ?? null;
	const json: IDataObject = {
		event: 'withdrawal.status_changed',
		kind: 'withdrawal',
		withdrawal_id: id,
		state,
		state_label: withdrawalStateLabel(state),
		amount: toNumber(body.amount) ?? null,
		note: text(body.note) ?? null,
	};
	for (const [key, value] of Object.entries(body)) {
		// Dates and account fields vary by withdrawal type (date_*, account_*, bank_name): kept as sent.
		if (/^(date_|account_|bank_)/.test(key)) json[key] = value;
	}
	return { kind: 'withdrawal', id, state, json };
}

function text(value: unknown): string | undefined {
	if (typeof value === 'number') return String(value);
	if (typeof value !== 'string') return undefined;
	const trimmed = value.trim();
	return trimmed === '' ? undefined : trimmed;
}
