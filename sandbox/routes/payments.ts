/** Payment objects: create, read, estimate fees, edit, expire. */
import { asReadNow } from '../detailLag';
import {
	CREATION_REFUSED_SENTENCE,
	errorSentence,
	refuseAs,
	refuseWith,
	resultCode,
} from '../failureBodies';
import { cents, decimalString, feesFor } from '../fees';
import { badRequest, conflict, notFound } from '../http';
import { PAYMENT_STATE } from '../model';
import type { PaymentObject } from '../model';
import type { SandboxProfile } from '../options';
import { changePaymentState, isPayable } from '../paying';
import type { SandboxState } from '../state';
import {
	optionalBoolean,
	optionalInteger,
	optionalString,
	optionalUrl,
	requireNumber,
	requireNumberOrNumericText,
	requireString,
} from '../validate';
import type { Body } from '../validate';
import { caller } from './route';
import type { Route } from './route';

/**
 * What `/edit_pay/` may change; `payment_methods` is the name of the documented example
 * (docs/SERVICE.md, "Edit a payment object").
 */
const EDITABLE_FIELDS = new Set([
	'amount',
	'description',
	'expiration_days',
	'payment_method_enabled',
	'payment_methods',
	'payer_redirect_url',
	'callback',
	'client_assume_costs',
	'not_send_email',
	'platform',
]);

/**
 * Fields of a creation the sandbox interprets; others are kept and echoed
 * (the spec leaves them open).
 */
const CREATION_FIELDS = new Set(
	[...EDITABLE_FIELDS, 'idempotency_key'].filter((field) => field !== 'payment_methods'),
);

/** What `/pay/estimate/` reads: the spec's `amount`, and real clients' `client_assume_costs`. */
const ESTIMATE_FIELDS = new Set(['amount', 'client_assume_costs']);

export const paymentRoutes: Route[] = [
	{
		method: 'POST',
		pattern: '/pay/',
		auth: 'apiKeyAndBearer',
		handle(context) {
			const owner = caller(context);
			const body = context.request.body;
			if (context.state.options.profile === 'observed')
				refuseIncompleteCreation(body, context.state.options.refuseCreationWithoutCallback);
			const amount = positiveAmount(body);
			const description = requireString(body, 'description');
			const methodsJson = readMethods(body);
			const expirationDays = readExpirationDays(body, 1);
			const idempotencyKey = optionalString(body, 'idempotency_key');
			if (idempotencyKey && findByIdempotencyKey(context.state, owner.username, idempotencyKey)) {
				throw conflict(
					`double_idempotency_key: the idempotency_key ${idempotencyKey} was already used`,
				);
			}
			const payment: PaymentObject = {
				pk: context.state.newPk(),
				slug: context.state.newSlug(),
				owner: owner.username,
				amount,
				description,
				expirationDays,
				methodsJson,
				payerRedirectUrl: optionalUrl(body, 'payer_redirect_url'),
				callback: optionalUrl(body, 'callback'),
				clientAssumeCosts: optionalBoolean(body, 'client_assume_costs', false),
				notSendEmail: optionalBoolean(body, 'not_send_email', false),
				// The live service keeps what was sent (callbacks need "API"); the spec profile fills
				// in "API".
				platform:
					optionalString(body, 'platform') ||
					(context.state.options.profile === 'observed' ? '' : 'API'),
				idempotencyKey,
				state: PAYMENT_STATE.created,
				createdAt: new Date(),
				paymentMethod: '',
				payer: { name: '', id: '', idType: '', email: '', phone: '' },
				cus: '',
				extra: Object.fromEntries(
					Object.entries(body).filter(([key]) => !CREATION_FIELDS.has(key)),
				),
			};
			context.state.payments.set(payment.slug, payment);
			if (idempotencyKey)
				context.state.paymentsByKey.set(`${owner.username}\u0000${idempotencyKey}`, payment);
			return { status: 201, body: creationView(payment) };
		},
	},
	{
		method: 'GET',
		pattern: '/pay_detail/{url}',
		auth: 'apiKeyAndBearer',
		handle(context) {
			return {
				body: detailView(
					asReadNow(context.state, findPayment(context.state, context.params.url)),
					context.state.options.profile,
				),
			};
		},
	},
	{
		method: 'POST',
		pattern: '/pay/estimate/',
		auth: 'apiKeyAndBearer',
		handle(context) {
			const body = context.request.body;
			const unknown = Object.keys(body).filter((field) => !ESTIMATE_FIELDS.has(field));
			if (unknown.length > 0) throw badRequest(`${unknown.join(', ')}: unknown field`);
			// The spec's sample sends this amount as text; a JSON number is taken too.
			const amount = positiveAmount(body, requireNumberOrNumericText);
			// Real clients send a JSON boolean (docs/SERVICE.md, "Estimate fees"): "true" is refused.
			const clientAssumesCosts = optionalBoolean(body, 'client_assume_costs', false);
			const fees = feesFor(amount, clientAssumesCosts);
			return {
				body: {
					// What the payer pays: the costs on top when the client assumes them.
					pay_amount: clientAssumesCosts ? cents(fees.amount + fees.fee + fees.iva) : fees.amount,
					pay_fee: fees.fee,
					iva: fees.iva,
					pay_payed_amount: fees.net,
				},
			};
		},
	},
	{
		method: 'POST',
		pattern: '/edit_pay/',
		auth: 'apiKeyAndBearer',
		handle(context) {
			const owner = caller(context);
			const body = context.request.body;
			const profile = context.state.options.profile;
			const payment = findOwnPayment(context.state, requireString(body, 'url'), owner.username);
			const changes = Object.keys(body).filter((key) => key !== 'url');
			const unknown = changes.filter((key) => !EDITABLE_FIELDS.has(key));
			if (unknown.length > 0) throw badRequest(`${unknown.join(', ')}: field cannot be edited`);
			if (changes.length === 0) throw badRequest('No fields to edit were given');
			if ('payment_methods' in body && 'payment_method_enabled' in body)
				throw badRequest(
					'payment_methods: give the methods once, as payment_methods or as payment_method_enabled',
				);
			if (payment.state === PAYMENT_STATE.paid)
				throw refuseAs(
					profile,
					403,
					resultCode('PAY_IS_PAYED'),
					conflict(`El pago ${payment.slug} no se puede editar (estado ${payment.state})`),
				);
			if (!isPayable(payment))
				throw conflict(`El pago ${payment.slug} no se puede editar (estado ${payment.state})`);
			// Validate everything before changing anything.
			const next = { ...payment };
			if ('amount' in body) next.amount = positiveAmount(body);
			if ('description' in body) next.description = requireString(body, 'description');
			if ('expiration_days' in body)
				next.expirationDays = readExpirationDays(body, payment.expirationDays);
			if ('payment_method_enabled' in body) next.methodsJson = readMethods(body);
			if ('payment_methods' in body) next.methodsJson = readMethods(body, 'payment_methods');
			if ('payer_redirect_url' in body)
				next.payerRedirectUrl = optionalUrl(body, 'payer_redirect_url');
			if ('callback' in body) next.callback = optionalUrl(body, 'callback');
			if ('client_assume_costs' in body)
				next.clientAssumeCosts = optionalBoolean(body, 'client_assume_costs', false);
			if ('not_send_email' in body)
				next.notSendEmail = optionalBoolean(body, 'not_send_email', false);
			if ('platform' in body) next.platform = optionalString(body, 'platform');
			Object.assign(payment, next);
			return { body: profile === 'observed' ? editView(payment) : {} };
		},
	},
	{
		method: 'POST',
		pattern: '/pay/update_to_expired/',
		auth: 'apiKeyAndBearer',
		handle(context) {
			const owner = caller(context);
			const payment = findOwnPayment(
				context.state,
				requireString(context.request.body, 'url'),
				owner.username,
			);
			if (payment.state === PAYMENT_STATE.paid) {
				throw refuseAs(
					context.state.options.profile,
					403,
					resultCode('PAY_IS_PAYED'),
					conflict(`El pago ${payment.slug} ya fue pagado y no se puede expirar`),
				);
			}
			if (!isPayable(payment))
				throw conflict(`El pago ${payment.slug} ya está expirado o cancelado`);
			changePaymentState(context.state, payment, PAYMENT_STATE.expired);
			payment.expiredAt = new Date();
			return { body: { result: 'OK' } };
		},
	},
];

export function findPayment(state: SandboxState, slug: string): PaymentObject {
	const payment = state.payments.get(slug);
	if (!payment) throw notFound(`No existe un pago con url ${slug}`);
	return payment;
}

function findOwnPayment(state: SandboxState, slug: string, owner: string): PaymentObject {
	const payment = findPayment(state, slug);
	if (payment.owner !== owner) throw notFound(`No existe un pago con url ${slug}`);
	return payment;
}

function findByIdempotencyKey(
	state: SandboxState,
	owner: string,
	key: string,
): PaymentObject | undefined {
	return state.paymentsByKey.get(`${owner}\u0000${key}`);
}

function positiveAmount(
	body: Body,
	read: (body: Body, field: string) => number = requireNumber,
): number {
	const amount = read(body, 'amount');
	if (amount <= 0) throw badRequest('amount: Ensure this value is greater than 0.');
	return amount;
}

function readExpirationDays(body: Body, fallback: number): number {
	const days = optionalInteger(body, 'expiration_days', fallback);
	if (days < 1 || days > 365)
		throw badRequest('expiration_days: Ensure this value is between 1 and 365.');
	return days;
}

/**
 * The live service refuses a creation without `payer_redirect_url` or `callback`, or with the
 * methods as an object instead of a JSON string, with 403 and one Spanish sentence
 * (docs/SERVICE.md, "Create a payment object"). The setting `refuseCreationWithoutCallback` (on by
 * default) can let a missing callback through.
 */
function refuseIncompleteCreation(body: Body, refuseWithoutCallback: boolean): void {
	const missing = (field: string) =>
		typeof body[field] !== 'string' || (body[field] as string).trim() === '';
	const methods = body.payment_method_enabled;
	if (
		missing('payer_redirect_url') ||
		(refuseWithoutCallback && missing('callback')) ||
		(typeof methods === 'object' && methods !== null)
	) {
		throw refuseWith(403, errorSentence(CREATION_REFUSED_SENTENCE));
	}
}

/**
 * The methods (`payment_method_enabled`, or `payment_methods` on edit): a JSON object *as a
 * string*, booleans as values, one method at least.
 */
function readMethods(body: Body, field = 'payment_method_enabled'): string {
	const value = body[field];
	if (value === undefined || value === null) throw badRequest(`${field}: This field is required.`);
	if (typeof value !== 'string') throw badRequest(`${field} must be a JSON string`);
	let parsed: unknown;
	try {
		parsed = JSON.parse(value);
	} catch {
		throw badRequest(`${field} must be a JSON string`);
	}
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
		throw badRequest(`${field} must be a JSON string`);
	const entries = Object.entries(parsed as Record<string, unknown>);
	if (entries.some(([, flag]) => typeof flag !== 'boolean'))
		throw badRequest(`${field}: values must be booleans`);
	if (!entries.some(([, flag]) => flag))
		throw badRequest(`${field}: enable at least one payment method`);
	return value;
}

/**
 * The creation response (spec): amounts as two-decimal strings, ISO date, slug in `url`. Fields the
 * sandbox does not interpret are echoed first, so a request can never overwrite a documented one.
 */
export function creationView(payment: PaymentObject): Record<string, unknown> {
	const fees = feesFor(payment.amount, payment.clientAssumeCosts);
	return {
		...payment.extra,
		pk: payment.pk,
		amount: decimalString(payment.amount),
		state: payment.state,
		date_created: payment.createdAt.toISOString(),
		payment_method: payment.paymentMethod,
		url: payment.slug,
		owner: payment.owner,
		name: payment.description,
		payed_amount: decimalString(fees.net),
		client_assume_costs: payment.clientAssumeCosts,
		payment_method_enabled: payment.methodsJson,
		expiration_days: payment.expirationDays,
		fee_amount: fees.fee,
		fee_iva_amount: fees.iva,
		platform: payment.platform,
		callback: payment.callback,
		fee_iva: 19,
		iva_amount: fees.iva,
		not_send_email: payment.notSendEmail,
		by_topup: false,
		bank_withdraw: '',
		payer_redirect_url: payment.payerRedirectUrl,
		franchise: '',
		idempotency_key: payment.idempotencyKey,
		wallet_bitcoin: '',
		amount_bitcoin: '',
		currency: 'COP',
		currency_code: 'COP',
	};
}

/**
 * The detail read: amounts as numbers, creation and expiry dates as numbers. The spec leaves their
 * unit open (Unix seconds in the `spec` profile); the live service sends epoch milliseconds, the
 * amount as an integer where whole, and `date_payed` as "" while unpaid (`observed`;
 * docs/SERVICE.md, "Read a payment object").
 */
export function detailView(
	payment: PaymentObject,
	profile: SandboxProfile = 'spec',
): Record<string, unknown> {
	const fees = feesFor(payment.amount, payment.clientAssumeCosts);
	const expiry =
		payment.expiredAt ??
		new Date(payment.createdAt.getTime() + payment.expirationDays * 86_400_000);
	const epoch = (date: Date) =>
		profile === 'observed' ? date.getTime() : Math.floor(date.getTime() / 1000);
	return {
		fee_amount: fees.fee,
		payer_id: payment.payer.id,
		payer_name: payment.payer.name,
		payment_method: payment.paymentMethod,
		state: payment.state,
		payer_email: payment.payer.email,
		payment_method_enabled: payment.methodsJson,
		date_payed: payment.paidAt ? payment.paidAt.toISOString() : '',
		url: payment.slug,
		amount: payment.amount,
		expiration_days: payment.expirationDays,
		payer_phone: payment.payer.phone,
		iva_amount: fees.iva,
		date_expired: epoch(expiry),
		date_created: epoch(payment.createdAt),
		images: '',
		description: payment.description,
		payed_amount: fees.net,
	};
}

/** The answer of `/edit_pay/` as the live service gives it; the spec's: `{}` (docs/SERVICE.md). */
function editView(payment: PaymentObject): Record<string, unknown> {
	const fees = feesFor(payment.amount, payment.clientAssumeCosts);
	return {
		description: payment.description,
		url: payment.slug,
		amount: payment.amount,
		payed_amount: fees.net,
		iva_amount: fees.iva,
		fee_amount: fees.fee,
		date_created: payment.createdAt.getTime(),
	};
}
