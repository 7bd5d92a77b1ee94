/**
 * The checkout body of each method the check asks, as the node sends it (docs/SERVICE.md,
 * "Checkout"), for a made-up payer. None pays: each answers what the payer would be shown next (a
 * QR, a bank link, an OTP sent, a QR for the wallet, a bank button link, a cash PIN).
 */
import type { CheckoutMethod } from './expected/checkoutAnswers';

export const CHECKOUT_METHODS: readonly CheckoutMethod[] = [
	'breb',
	'pse',
	'daviplata',
	'NEQUI',
	'bancolombia_transfer',
	'efecty',
];

const PAYER = {
	name: 'Prueba Contrato',
	cc: '1000000001',
	email: 'contract-check@example.com',
	document_type: 'CC',
	phone: '3000000000',
};

export function checkoutBody(method: CheckoutMethod, bankCode: string): Record<string, unknown> {
	switch (method) {
		case 'breb':
			return { payment: 'breb' };
		case 'pse':
			return { payment: 'pse', ...PAYER, bank: bankCode, address: 'Calle 1 # 1-1' };
		case 'NEQUI':
			// push: false answers QR data rather than notifying a phone.
			return { payment: 'NEQUI', ...PAYER, phone_nequi: PAYER.phone, push: false };
		default:
			return { payment: method, ...PAYER };
	}
}

/** The methods the link is created with, as the service wants them: a JSON object in a string. */
export function enabledMethods(): string {
	return JSON.stringify(Object.fromEntries(CHECKOUT_METHODS.map((method) => [method, true])));
}
