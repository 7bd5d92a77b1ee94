/** Checkout of a payment object by method, the bank catalog, and the wallet OTP confirmation. */
import { checkoutAnswer } from '../checkoutAnswer';
import { BANKS, notAllowed, submitMethod } from '../checkoutMethods';
import { refuseWith, resultCode } from '../failureBodies';
import { badRequest } from '../http';
import { PAYMENT_STATE } from '../model';
import type { PaymentObject } from '../model';
import { assertPayable, changePaymentState, isPayable, markPaid } from '../paying';
import type { SandboxState } from '../state';
import { requireString } from '../validate';
import { findPayment } from './payments';
import type { Route, RouteAnswer, RouteContext } from './route';

/** Payer document that the sandbox pays by itself after a delay (docs/SERVICE.md, "Checkout"). */
export const AUTO_PAY_DOCUMENT = '7777777';

export const checkoutRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/get_banks/1/',
		auth: 'apiKeyAndBearer',
		handle: () => ({ body: BANKS }),
	},
	{
		method: 'POST',
		pattern: '/pay/confirm_daviplata/',
		auth: 'apiKeyAndBearer',
		handle: (context) => {
			const body = context.request.body;
			const slug = requireString(body, 'URL');
			const otp = requireString(body, 'OTP');
			const payment = findPayment(context.state, slug);
			assertCheckoutPayable(context.state, payment);
			if (payment.otp === undefined)
				throw badRequest(`No hay una transacción Daviplata pendiente para ${slug}`);
			if (otp !== payment.otp) throw badRequest('OTP incorrecto');
			payment.otp = undefined;
			markPaid(context.state, payment, 'daviplata');
			return { body: { result: 'OK' } };
		},
	},
	{
		// Last: it matches any one-segment path.
		method: 'POST',
		pattern: '/{url}',
		auth: 'apiKeyAndBearer',
		handle: (context) => checkout(context),
	},
];

function checkout(context: RouteContext): RouteAnswer {
	const state = context.state;
	const payment = findPayment(state, context.params.url);
	assertCheckoutPayable(state, payment);
	const body = context.request.body;
	const method = requireString(body, 'payment');
	assertMethodEnabled(state, payment, method);
	const outcome = submitMethod(state, payment, method, body);
	changePaymentState(state, payment, PAYMENT_STATE.inProcess, method);
	if (payment.payer.id === AUTO_PAY_DOCUMENT) {
		state.later(state.options.autoPayDelayMs, () => {
			if (isPayable(payment)) markPaid(state, payment, method);
		});
	}
	return {
		body: checkoutAnswer(state, payment, method, outcome),
		doubleEncode: state.options.doubleEncodeCheckout,
	};
}

/**
 * Paying what is already paid: the spec's 409, or the service's
 * `PAY_IS_PAYED` as real clients see it.
 */
function assertCheckoutPayable(state: SandboxState, payment: PaymentObject): void {
	if (state.options.profile === 'observed' && payment.state === PAYMENT_STATE.paid)
		throw refuseWith(400, resultCode('PAY_IS_PAYED'));
	assertPayable(payment);
}

function assertMethodEnabled(state: SandboxState, payment: PaymentObject, method: string): void {
	const enabled = JSON.parse(payment.methodsJson) as Record<string, boolean>;
	const aliases = method === 'breb' || method === 'Bre-B' ? ['breb', 'Bre-B'] : [method];
	if (!aliases.some((key) => enabled[key] === true)) {
		const sentence = `El método ${method} no está habilitado para este pago`;
		throw notAllowed(
			state,
			method,
			sentence,
			badRequest(`payment: el método ${method} no está habilitado para este pago`),
		);
	}
}
