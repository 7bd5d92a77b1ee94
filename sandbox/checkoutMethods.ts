/**
 * What each checkout method reads from the body and what it starts: the payer, the bank flow, the
 * Daviplata OTP, the Bre-B QR, the Nequi push or QR, the bank button, the cash PIN. The profile
 * decides how strict it is: `spec` shows only PSE, Daviplata and Bre-B and takes any other method
 * with what it sends; `observed` also reads Nequi, the bank button and the cash methods as the
 * service's real clients send them (docs/SERVICE.md, "Checkout").
 */
import { randomInt } from 'crypto';

import { refuseAs, refuseWith, resultCode } from './failureBodies';
import { ServiceError, badRequest } from './http';
import type { PaymentObject } from './model';
import type { SandboxState } from './state';
import { optionalString, requireBoolean, requireEmail, requireString } from './validate';
import type { Body } from './validate';

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

/**
 * Cash networks and the agreement number (`project_code`) the payer quotes with the PIN. The
 * numbers are the sandbox's own: the real ones are not public.
 */
export const CASH_AGREEMENTS: Record<string, string> = {
	corresponsal_bancolombia: '94520',
	dale: '7709998',
	efecty: '110342',
};

/** The bank button's method key. */
export const BANK_BUTTON = 'bancolombia_transfer';

/**
 * The longest payer document the `observed` profile takes; longer is refused `LIMIT_LENGTH_CC`. The
 * real limit is not published: 15 covers a cédula (up to 10 digits), a NIT with its check digit and
 * the usual passports.
 */
export const MAX_DOCUMENT_LENGTH = 15;

/** What a method started, for the answer of either profile. */
export interface MethodOutcome {
	franchise: string;
	/** The link the payer opens: PSE's bank flow, the bank button, Nequi's push. */
	link?: string;
	/** A cash payment's PIN, or the QR data of a Nequi payment without push. */
	ref?: string;
	/** A cash payment's agreement number. */
	projectCode?: string;
	/** Fields of the order particular to the method (Bre-B's QR payload and key). */
	orderFields?: Record<string, unknown>;
}

export function submitMethod(
	state: SandboxState,
	payment: PaymentObject,
	method: string,
	body: Body,
): MethodOutcome {
	const observed = state.options.profile === 'observed';
	switch (method) {
		case 'pse': {
			readPayer(state, payment, body);
			const bank = requireString(body, 'bank');
			if (!BANKS.some((entry) => entry.bankCode === bank && bank !== '0'))
				throw badRequest(`bank: ${bank} is not a bankCode of /get_banks/1/`);
			requireString(body, 'address');
			payment.cus = String(3_000_000 + payment.pk);
			return { franchise: 'PSE', link: bankPage(state, payment) };
		}
		case 'daviplata':
			readPayer(state, payment, body);
			payment.otp = String(randomInt(100000, 1000000));
			return {
				franchise: 'DAVIPLATA',
				orderFields: { message: 'Se envió un código OTP al celular del pagador' },
			};
		case 'breb':
		case 'Bre-B':
			if (!state.options.brebEnabled) {
				const sentence = 'El método breb no está habilitado para este comercio';
				throw notAllowed(state, method, sentence, new ServiceError(403, sentence));
			}
			return {
				franchise: 'BRE-B',
				orderFields: {
					qr_value: `00020101021226${payment.slug}5204000053031705406${payment.amount.toFixed(2)}5802CO6304`,
					key_value: `@pay${payment.slug.toLowerCase()}`,
				},
			};
		case 'NEQUI':
			if (!observed) return acceptAnything(payment, method, body);
			return submitNequi(state, payment, body);
		case BANK_BUTTON:
			if (!observed) return acceptAnything(payment, method, body);
			readPayer(state, payment, body);
			return { franchise: 'BANCOLOMBIA', link: bankPage(state, payment) };
		default:
			if (observed && method in CASH_AGREEMENTS) {
				readPayer(state, payment, body);
				return {
					franchise: method.toUpperCase(),
					ref: String(randomInt(10_000_000, 100_000_000)),
					projectCode: CASH_AGREEMENTS[method],
				};
			}
			return acceptAnything(payment, method, body);
	}
}

/**
 * Nequi as real clients send it: the payer, the Nequi account's phone and `push` (a JSON boolean).
 */
function submitNequi(state: SandboxState, payment: PaymentObject, body: Body): MethodOutcome {
	readPayer(state, payment, body);
	const nequiPhone = requireString(body, 'phone_nequi');
	if (!/^3\d{9}$/.test(nequiPhone))
		throw badRequest(`phone_nequi: "${nequiPhone}" is not a Colombian mobile number (3xxxxxxxxx).`);
	if (requireBoolean(body, 'push'))
		return { franchise: 'NEQUI', link: `${state.baseUrl}/_sandbox/checkout/${payment.slug}` };
	return {
		franchise: 'NEQUI',
		ref: `00020101021226NEQUI${nequiPhone}${payment.slug}5406${payment.amount.toFixed(2)}5802CO6304`,
	};
}

/** A method whose shape the profile does not know: what it sends is accepted. */
function acceptAnything(payment: PaymentObject, method: string, body: Body): MethodOutcome {
	payment.payer.name = optionalString(body, 'name');
	payment.payer.id = optionalString(body, 'cc');
	payment.payer.phone = optionalString(body, 'phone');
	payment.payer.email = optionalString(body, 'email');
	return { franchise: method.toUpperCase() };
}

function readPayer(state: SandboxState, payment: PaymentObject, body: Body): void {
	const documentType = requireString(body, 'document_type');
	if (!DOCUMENT_TYPES.includes(documentType))
		throw badRequest(
			`document_type: "${documentType}" is not a valid choice (${DOCUMENT_TYPES.join(', ')}).`,
		);
	const id = requireString(body, 'cc');
	if (state.options.profile === 'observed' && id.length > MAX_DOCUMENT_LENGTH)
		throw refuseWith(400, resultCode('LIMIT_LENGTH_CC'));
	payment.payer = {
		name: requireString(body, 'name'),
		id,
		idType: documentType,
		email: requireEmail(body, 'email'),
		phone: requireString(body, 'phone'),
	};
}

/**
 * A method the object or the account does not allow: the service's `NOT_ALLOWED` as real clients
 * see it, or the spec profile's `{error, detail}`.
 */
export function notAllowed(
	state: SandboxState,
	method: string,
	sentence: string,
	specRefusal: ServiceError,
): ServiceError {
	return refuseAs(
		state.options.profile,
		403,
		resultCode('NOT_ALLOWED', { error: sentence, payment_method: method }),
		specRefusal,
	);
}

function bankPage(state: SandboxState, payment: PaymentObject): string {
	return `${state.baseUrl}/_sandbox/bank/${payment.slug}`;
}
