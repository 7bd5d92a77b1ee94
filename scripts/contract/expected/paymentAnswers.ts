/** The answers of a payment link's calls: creation, detail read, fee estimate, edit, expiry. */
import type { Expected } from './reading';
import { inBoth, once } from './reading';

/** docs/SERVICE.md, "Create a payment object": amounts as decimal text, an ISO date. */
export const PAYMENT_CREATION = inBoth(
	once({
		pk: 0,
		amount: '',
		state: 0,
		date_created: '',
		payment_method: '',
		url: '',
		owner: '',
		name: '',
		payed_amount: '',
		client_assume_costs: false,
		payment_method_enabled: '',
		expiration_days: 0,
		fee_amount: 0,
		fee_iva_amount: 0,
		platform: '',
		callback: '',
		fee_iva: 0,
		iva_amount: 0,
		not_send_email: false,
		by_topup: false,
		bank_withdraw: '',
		payer_redirect_url: '',
		franchise: '',
		idempotency_key: '',
		wallet_bitcoin: '',
		amount_bitcoin: '',
		currency: '',
		currency_code: '',
	}),
);

/**
 * docs/SERVICE.md, "Read a payment object": amounts as numbers, numeric dates (seconds in the
 * spec's reading, milliseconds as real clients see them: both numbers).
 */
export const PAYMENT_DETAIL_FIELDS = {
	fee_amount: 0,
	payer_id: '',
	payer_name: '',
	payment_method: '',
	state: 0,
	payer_email: '',
	payment_method_enabled: '',
	date_payed: '',
	url: '',
	amount: 0,
	expiration_days: 0,
	payer_phone: '',
	iva_amount: 0,
	date_expired: 0,
	date_created: 0,
	images: '',
	description: '',
	payed_amount: 0,
};

export const PAYMENT_DETAIL = inBoth(once(PAYMENT_DETAIL_FIELDS));

/** docs/SERVICE.md, "Estimate fees". */
export const FEE_ESTIMATE = inBoth(
	once({ pay_amount: 0, pay_fee: 0, iva: 0, pay_payed_amount: 0 }),
);

/** docs/SERVICE.md, "Edit a payment object": `{}` in the spec, the edited fields as clients see. */
export const PAYMENT_EDIT: Expected = {
	spec: once({}),
	observed: once({
		description: '',
		url: '',
		amount: 0,
		payed_amount: 0,
		iva_amount: 0,
		fee_amount: 0,
		date_created: 0,
	}),
};

/** docs/SERVICE.md, "Expire or cancel": `{"result": "OK"}`. */
export const PAYMENT_EXPIRY = inBoth(once({ result: '' }));
