/** Checkout of a payment object by method, the bank catalog, and the wallet OTP confirmation. */
import { randomInt } from 'crypto';

import { ServiceError, badRequest } from '../http';
import { PAYMENT_STATE } from '../model';
import type { PaymentObject } from '../model';
import { assertPayable, isPayable, markPaid } from '../paying';
import type { SandboxState } from '../state';
import { optionalString, requireEmail, requireString } from '../validate';
import type { Body } from '../validate';
import { detailView, findPayment } from './payments';
import type { Route } from './route';

/** PSE's catalog starts with a prompt row (code 0), as the real one does. */
export const BANKS = [
	{ bankCode: '0', bankName: 'A continuación seleccione su banco' },
	{ bankCode: '1059', bankName: 'BANCAMIA S.A.' },
	{ bankCode: '1001', bankName: 'BANCO DE BOGOTA' },
	{ bankCode: '1023', bankName: 'BANCO DE OCCIDENTE' },
	{ bankCode: '1051', bankName: 'BANCO DAVIVIENDA' },
	{ bankCode: '1007', bankName: 'BANCOLOMBIA' },
	{ bankCode: '1507', bankName: 'NEQUI' },
	{ bankCode: '1151', bankName: 'RAPPIPAY' },
];

export const DOCUMENT_TYPES = ['CC', 'TI', 'CE', 'NIT', 'PA'];

/** Payer document that the sandbox pays by itself after a delay (public-facts). */
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
		handle(context) {
			const body = context.request.body;
			const slug = requireString(body, 'URL');
			const otp = requireString(body, 'OTP');
			const payment = findPayment(context.state, slug);
			assertPayable(payment);
			if (payment.otp === undefined) throw badRequest(`No hay una transacción Daviplata pendiente para ${slug}`);
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
		handle(context) {
			const state = context.state;
			const payment = findPayment(state, context.params.url);
			assertPayable(payment);
			const body = context.request.body;
			const method = requireString(body, 'payment');
			assertMethodEnabled(payment, method);
			const fields = checkoutByMethod(state, payment, method, body);
			payment.state = PAYMENT_STATE.inProcess;
			payment.paymentMethod = method;
			if (payment.payer.id === AUTO_PAY_DOCUMENT) {
				state.later(state.options.autoPayDelayMs, () => {
					if (isPayable(payment)) markPaid(state, payment, method);
				});
			}
			const order = { model: 'pay.paymentorder', pk: payment.pk, fields: { method, state: 'PENDIENTE', ...fields } };
			return { body: [order, detailView(payment)], doubleEncode: state.options.doubleEncodeCheckout };
		},
	},
];

function checkoutByMethod(state: SandboxState, payment: PaymentObject, method: string, body: Body): Record<string, unknown> {
	switch (method) {
		case 'pse': {
			readPayer(payment, body);
			const bank = requireString(body, 'bank');
			if (!BANKS.some((entry) => entry.bankCode === bank && bank !== '0')) throw badRequest(`bank: ${bank} is not a bankCode of /get_banks/1/`);
			requireString(body, 'address');
			payment.cus = String(3_000_000 + payment.pk);
			return { franchise: 'PSE', bank_url: `${state.baseUrl}/_sandbox/bank/${payment.slug}` };
		}
		case 'daviplata':
			readPayer(payment, body);
			payment.otp = String(randomInt(100000, 1000000));
			return { franchise: 'DAVIPLATA', message: 'Se envió un código OTP al celular del pagador' };
		case 'breb':
		case 'Bre-B':
			if (!state.options.brebEnabled) throw new ServiceError(403, 'El método breb no está habilitado para este comercio');
			return {
				franchise: 'BRE-B',
				qr_value: `00020101021226${payment.slug}5204000053031705406${payment.amount.toFixed(2)}5802CO6304`,
				key_value: `@pay${payment.slug.toLowerCase()}`,
			};
		default:
			// NEQUI and the others: their shapes are not shown, so what they send is accepted.
			payment.payer.name = optionalString(body, 'name');
			payment.payer.id = optionalString(body, 'cc');
			payment.payer.phone = optionalString(body, 'phone');
			payment.payer.email = optionalString(body, 'email');
			return { franchise: method.toUpperCase() };
	}
}

function readPayer(payment: PaymentObject, body: Body): void {
	const documentType = requireString(body, 'document_type');
	if (!DOCUMENT_TYPES.includes(documentType)) throw badRequest(`document_type: "${documentType}" is not a valid choice (${DOCUMENT_TYPES.join(', ')}).`);
	payment.payer = {
		name: requireString(body, 'name'),
		id: requireString(body, 'cc'),
		idType: documentType,
		email: requireEmail(body, 'email'),
		phone: requireString(body, 'phone'),
	};
}

function assertMethodEnabled(payment: PaymentObject, method: string): void {
	const enabled = JSON.parse(payment.methodsJson) as Record<string, boolean>;
	const aliases = method === 'breb' || method === 'Bre-B' ? ['breb', 'Bre-B'] : [method];
	if (!aliases.some((key) => enabled[key] === true)) {
		throw badRequest(`payment: el método ${method} no está habilitado para este pago`);
	}
}
