/**
 * The answer of a checkout, `[payment order, payment object]`, in the profile's shape: `spec`, the
 * order's method fields beside the flat detail view; `observed`, two `{model, pk, fields}` records,
 * the payment object inside the second one's `fields` (docs/SERVICE.md, "Checkout").
 */
import type { MethodOutcome } from './checkoutMethods';
import type { PaymentObject } from './model';
import { detailView } from './routes/payments';
import type { SandboxState } from './state';

/** The order's text state right after a checkout (the spec shows `PENDIENTE`). */
const ORDER_PENDING = 'PENDIENTE';

export function checkoutAnswer(
	state: SandboxState,
	payment: PaymentObject,
	method: string,
	outcome: MethodOutcome,
): unknown[] {
	if (state.options.profile === 'observed') return observedAnswer(state, payment, method, outcome);
	const bankUrl = method === 'pse' && outcome.link ? { bank_url: outcome.link } : {};
	const order = {
		model: 'pay.paymentorder',
		pk: payment.pk,
		fields: {
			method,
			state: ORDER_PENDING,
			franchise: outcome.franchise,
			...bankUrl,
			...outcome.orderFields,
		},
	};
	return [order, detailView(payment, state.options.profile)];
}

function observedAnswer(
	state: SandboxState,
	payment: PaymentObject,
	method: string,
	outcome: MethodOutcome,
): unknown[] {
	const order = {
		model: 'api.paymentorder',
		pk: payment.pk,
		fields: {
			GOrdenId: `G${String(payment.pk).padStart(8, '0')}`,
			amount: payment.amount,
			checkout: outcome.link ?? '',
			date_created: new Date().toISOString(),
			gateway: outcome.franchise,
			method,
			ordenId: payment.slug,
			payer_email: payment.payer.email,
			payer_id: payment.payer.id,
			payer_id_type: payment.payer.idType,
			payer_name: payment.payer.name,
			payer_phone: payment.payer.phone,
			project_code: outcome.projectCode ?? '',
			ref: outcome.ref ?? '',
			state: ORDER_PENDING,
			...outcome.orderFields,
		},
	};
	return [
		order,
		{ model: 'api.pay', pk: payment.pk, fields: detailView(payment, state.options.profile) },
	];
}
