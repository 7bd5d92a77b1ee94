/**
 * What a callback body says, as one clean event. The service documents the payment callback's
 * fields and sends withdrawal callbacks with `id` and `state` (docs/SERVICE.md, "Payment
 * callbacks", "Withdrawal callbacks"); amounts arrive as decimal strings and form bodies make every
 * value a string, so numbers are read defensively.
 */
import type { IDataObject } from 'n8n-workflow';

import { toNumber } from '../service/normalize';
import { isSlug } from '../service/slugRule';
import { PAID_STATE, paymentStateLabel, withdrawalStateLabel } from '../service/states';

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

/**
 * Longer withdrawal ids are no ids: each one seen is kept a while, in the workflow's stored data.
 */
const MAX_ID_LENGTH = 64;

export function parseCallback(body: IDataObject): ParsedCallback {
	const slug = text(body.url);
	if (slug !== undefined) {
		// Checked before it goes into the path of the verifying read ("..", "." would reach other
		// endpoints).
		if (!isSlug(slug))
			return { ok: false, problem: 'Not a payment callback: its "url" is not a payment slug' };
		return { ok: true, event: paymentEvent(slug, body) };
	}
	const id = text(body.id);
	if (id !== undefined && 'state' in body) {
		// JSON numbers past 2^53 arrive rounded: the id read would be another withdrawal's.
		if (typeof body.id === 'number' && !Number.isSafeInteger(body.id))
			return {
				ok: false,
				problem: 'Not a withdrawal callback: its "id" is a number that cannot be read exactly',
			};
		if (id.length > MAX_ID_LENGTH)
			return {
				ok: false,
				problem: `Not a withdrawal callback: its "id" is longer than ${MAX_ID_LENGTH} characters`,
			};
		return { ok: true, event: withdrawalEvent(id, body) };
	}
	return {
		ok: false,
		problem: 'Not a payment callback (no "url") nor a withdrawal callback ("id" and "state")',
	};
}

function paymentEvent(slug: string, body: IDataObject): CallbackEvent {
	const state = toNumber(body.state) ?? null;
	// The state decides; `payed` only where no state came (a `payed: true` beside state 0 is not a
	// payment).
	const paid =
		state === null
			? body.payed === true || body.payed === 'true' || body.payed === 'True'
			: state === PAID_STATE;
	const facts = stateFacts(state, paid);
	const json: IDataObject = {
		event: facts.event,
		kind: 'payment',
		slug,
		state,
		state_label: facts.state_label,
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

/** What a payment's state says: the event's name, its label and whether it is paid. */
export function stateFacts(
	state: number | null,
	paid = state === PAID_STATE,
): { event: string; state_label: string; paid: boolean } {
	return {
		event: paid ? 'payment.paid' : 'payment.state_changed',
		state_label: paymentStateLabel(state),
		paid,
	};
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
		// Dates and account fields vary by withdrawal type (date_*, account_*, bank_name): kept as
		// sent.
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
