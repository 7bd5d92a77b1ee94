/**
 * The answer of a checkout (`POST /{slug}`), per method: `[payment order, payment object]`, encoded
 * twice (docs/SERVICE.md, "Checkout"). The spec's reading has the object flat after the order; real
 * clients see two records `{model, pk, fields}`, the order's fields common to every method.
 */
import { PAYMENT_DETAIL_FIELDS } from './paymentAnswers';
import type { Expected } from './reading';

/** The methods the check asks, each for an answer that pays nothing by itself. */
export type CheckoutMethod =
	'breb' | 'pse' | 'daviplata' | 'NEQUI' | 'bancolombia_transfer' | 'efecty';

/** Order fields beyond the common ones, per method and reading. */
const SPEC_ORDER_FIELDS: Record<CheckoutMethod, object> = {
	breb: { qr_value: '', key_value: '' },
	pse: { bank_url: '' },
	daviplata: { message: '' },
	NEQUI: {},
	bancolombia_transfer: {},
	efecty: {},
};

const OBSERVED_ORDER_FIELDS: Record<CheckoutMethod, object> = {
	...SPEC_ORDER_FIELDS,
	pse: {},
};

const OBSERVED_ORDER = {
	GOrdenId: '',
	amount: 0,
	checkout: '',
	date_created: '',
	gateway: '',
	method: '',
	ordenId: '',
	payer_email: '',
	payer_id: '',
	payer_id_type: '',
	payer_name: '',
	payer_phone: '',
	project_code: '',
	ref: '',
	state: '',
};

export function checkoutAnswer(method: CheckoutMethod): Expected {
	return {
		spec: {
			layers: 2,
			example: [
				{
					model: '',
					pk: 0,
					fields: { method: '', state: '', franchise: '', ...SPEC_ORDER_FIELDS[method] },
				},
				PAYMENT_DETAIL_FIELDS,
			],
		},
		observed: {
			layers: 2,
			example: [
				{ model: '', pk: 0, fields: { ...OBSERVED_ORDER, ...OBSERVED_ORDER_FIELDS[method] } },
				{ model: '', pk: 0, fields: PAYMENT_DETAIL_FIELDS },
			],
		},
	};
}
