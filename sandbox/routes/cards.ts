/** Card-on-file: the public key, card registration (RSA-encrypted fields), list, charge, delete. */
import { randomUUID } from 'crypto';

import { ServiceError, badRequest, notFound } from '../http';
import type { Card, CardChargeDevice } from '../model';
import { assertPayable, markPaid } from '../paying';
import { decryptField } from '../rsa';
import type { SandboxState } from '../state';
import { optionalInteger, requireString } from '../validate';
import type { Body } from '../validate';
import { findPayment } from './payments';
import { caller } from './route';
import type { Route, RouteContext } from './route';

export const cardRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/base/get_constants_key_public/',
		auth: 'apiKeyAndBearer',
		handle(context) {
			return {
				body: { data: { name: 'key_public', text_long_value: context.state.keys.publicPem } },
			};
		},
	},
	{
		method: 'POST',
		pattern: '/register_tc/',
		auth: 'apiKeyAndBearer',
		handle(context) {
			const owner = caller(context);
			const body = context.request.body;
			const number = decrypt(context.state, body, 'number_card');
			const name = decrypt(context.state, body, 'name_card');
			const expiration = decrypt(context.state, body, 'date_expiration');
			if (!/^\d{12,19}$/.test(number))
				throw badRequest('number_card: the decrypted value is not a card number');
			if (!/^(0[1-9]|1[0-2])\/?(\d{2}|\d{4})$/.test(expiration))
				throw badRequest('date_expiration: the decrypted value is not MM/YY');
			const card: Card = {
				uuid: randomUUID(),
				owner: owner.username,
				number,
				name,
				expiration,
				bank: plain(body, 'bank'),
				country: plain(body, 'country') || 'CO',
				franchise: franchiseOf(number),
				createdAt: new Date(),
				chargedCvvs: [],
				chargeDevices: [],
			};
			context.state.cards.set(card.uuid, card);
			// Real clients read `card_id` from {"message": "OK", "card_id": …}; the spec shows no answer,
			// so today's card record stays.
			if (isObserved(context)) return { status: 201, body: { message: 'OK', card_id: card.uuid } };
			return { status: 201, body: cardView(card) };
		},
	},
	{
		method: 'GET',
		pattern: '/list_tc/',
		auth: 'apiKeyAndBearer',
		handle(context) {
			const owner = caller(context);
			const wanted = context.request.query.get('card_uuid');
			if (isObserved(context)) {
				// Always the `data` list, the card asked for alone in it (or none),
				// as real clients read it.
				const mine = ownCards(context.state, owner.username).filter(
					(card) => !wanted || card.uuid === wanted,
				);
				return { body: { data: mine.map(listedCard) } };
			}
			if (wanted) return { body: cardView(findCard(context.state, wanted, owner.username)) };
			return { body: ownCards(context.state, owner.username).map(cardView) };
		},
	},
	{
		method: 'POST',
		pattern: '/tc_payment/',
		auth: 'apiKeyAndBearer',
		handle(context) {
			const owner = caller(context);
			const body = context.request.body;
			const observed = isObserved(context);
			// Real clients send the slug as `pay_url`; the service refuses a body
			// without it, field by field.
			const missing = observed ? missingFields(body, ['tc_id', 'pay_url', 'cvv']) : undefined;
			if (missing) return { status: 400, body: missing };
			const card = findCard(context.state, requireString(body, 'tc_id'), owner.username);
			const dues = optionalInteger(body, 'dues', 1);
			if (dues < 1 || dues > 36) throw badRequest('dues: Ensure this value is between 1 and 36.');
			const device = observed ? chargeDevice(body) : undefined;
			const payment = findPayment(context.state, requireString(body, observed ? 'pay_url' : 'url'));
			assertPayable(payment);
			const cvv = decrypt(context.state, body, 'cvv');
			if (!/^\d{3,4}$/.test(cvv)) throw badRequest('cvv: the decrypted value is not a CVV');
			card.chargedCvvs.push(cvv);
			if (device) card.chargeDevices.push(device);
			payment.payer = { name: card.name, id: '', idType: '', email: '', phone: '' };
			markPaid(context.state, payment, 'credit_card');
			if (observed) return { body: { message: 'OK' } };
			return {
				body: {
					result: 'OK',
					url: payment.slug,
					state: payment.state,
					franchise: card.franchise,
					dues,
				},
			};
		},
	},
	{
		method: 'GET',
		pattern: '/delete_tc/',
		auth: 'apiKeyAndBearer',
		handle(context) {
			// Every real client deletes with GET and `?tc_id=`; the spec shows DELETE only.
			if (!isObserved(context)) throw methodNotAllowed('GET');
			const owner = caller(context);
			const uuid = context.request.query.get('tc_id');
			if (!uuid) throw badRequest('tc_id: This field is required.');
			context.state.cards.delete(findCard(context.state, uuid, owner.username).uuid);
			return { body: { message: 'OK' } };
		},
	},
	{
		method: 'DELETE',
		pattern: '/delete_tc/',
		auth: 'apiKeyAndBearer',
		handle(context) {
			if (isObserved(context)) throw methodNotAllowed('DELETE');
			const owner = caller(context);
			const fromBody = context.request.body.card_uuid;
			const uuid =
				typeof fromBody === 'string' && fromBody !== ''
					? fromBody
					: context.request.query.get('card_uuid');
			if (!uuid) throw badRequest('card_uuid: This field is required.');
			const card = findCard(context.state, uuid, owner.username);
			context.state.cards.delete(card.uuid);
			return { body: { result: 'OK' } };
		},
	},
];

/** The card-on-file shapes real clients read (docs/SERVICE.md, "Cards"), rather than the spec's. */
function isObserved(context: RouteContext): boolean {
	return context.state.options.profile === 'observed';
}

/** A listed card as real clients see it: exactly these five fields. */
function listedCard(card: Card): Record<string, unknown> {
	return {
		bin_card: card.number.slice(0, 6),
		uuid: card.uuid,
		iai_card: card.number.slice(-4),
		franchise: card.franchise,
		name_card: card.name,
	};
}

function ownCards(state: SandboxState, owner: string): Card[] {
	return [...state.cards.values()].filter((card) => card.owner === owner);
}

/** The framework's field map for required fields left out, or undefined when all are there. */
function missingFields(body: Body, fields: string[]): Record<string, string[]> | undefined {
	const missing = fields.filter(
		(field) => body[field] === undefined || body[field] === null || body[field] === '',
	);
	if (missing.length === 0) return undefined;
	return Object.fromEntries(missing.map((field) => [field, ['This field is required.']]));
}

/**
 * `imei`, `latitude`, `longitude` as real clients send them with a charge:
 * optional, text or a number.
 */
function chargeDevice(body: Body): CardChargeDevice {
	const read = (field: string): string => {
		const value = body[field];
		if (value === undefined || value === null) return '';
		if (typeof value !== 'string' && typeof value !== 'number')
			throw badRequest(`${field}: Not a valid string.`);
		return String(value);
	};
	return { imei: read('imei'), latitude: read('latitude'), longitude: read('longitude') };
}

function methodNotAllowed(method: string): ServiceError {
	return new ServiceError(405, `Method "${method}" not allowed.`);
}

/**
 * What the service answers about a card: never the number, only its first six and last four digits.
 */
export function cardView(card: Card): Record<string, unknown> {
	return {
		uuid: card.uuid,
		bin_card: card.number.slice(0, 6),
		iai_card: card.number.slice(-4),
		franchise: card.franchise,
		name_card: card.name,
		bank: card.bank,
		country: card.country,
		date_created: card.createdAt.toISOString(),
	};
}

function decrypt(state: SandboxState, body: Body, field: string): string {
	const cipher = requireString(body, field);
	const plainText = decryptField(state.keys, cipher, state.options.rsaPadding);
	if (plainText === undefined) {
		throw badRequest(
			`${field}: could not be decrypted with the service's public key (expected RSA ${state.options.rsaPadding}, base64)`,
		);
	}
	return plainText;
}

function plain(body: Body, field: string): string {
	const value = body[field];
	return value === undefined || value === null ? '' : String(value);
}

function findCard(state: SandboxState, uuid: string, owner: string): Card {
	const card = state.cards.get(uuid);
	if (!card || card.owner !== owner) throw notFound(`No existe una tarjeta con card_uuid ${uuid}`);
	return card;
}

function franchiseOf(number: string): string {
	if (number.startsWith('4')) return 'VISA';
	if (/^(5[1-5]|2[2-7])/.test(number)) return 'MASTERCARD';
	if (/^3[47]/.test(number)) return 'AMEX';
	if (/^3[0689]/.test(number)) return 'DINERS';
	return 'OTHER';
}
