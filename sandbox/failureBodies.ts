/**
 * The failure bodies the live service really answers (docs/SERVICE.md, "Failures"), for the
 * `observed` profile's routes and for faults. Most carry no `detail`:
 *
 * - `errorSentence('No se pudo …')` → `{"error": "No se pudo …"}` (403 on creation, 200 elsewhere)
 * - `fieldErrors({ amount: '…' })` → `{"amount": ["…"]}` (400)
 * - `resultCode('PAY_IS_PAYED')` → `{"result": "PAY_IS_PAYED"}` (400/403/404;
 *   `{"result": "error"}` with 200)
 * - `errorMessage('unknown payment method')` → `{"error": true, "msg": "…"}` (400)
 * - `errorCode('NOT_FOUND')` → `{"error": "NOT_FOUND"}` (200)
 * - `specFailure('…')` → the spec's `{"error": <sentence>, "detail": "…"}`
 *
 * A route refuses with one by throwing `refuseWith(status, body)`; a fault answers one with
 * `{ route, status, failure: body }` (any status, 200 included).
 */
import { ERROR_SENTENCE, ServiceError } from './http';

export type ErrorSentenceBody = { error: string };
export type FieldErrorsBody = Record<string, string[]>;
export type ResultCodeBody = { result: string } & Record<string, unknown>;
export type ErrorMessageBody = { error: true; msg: string };
export type SpecFailureBody = { error: string; detail: string };
export type FailureBody =
	ErrorSentenceBody | FieldErrorsBody | ResultCodeBody | ErrorMessageBody | SpecFailureBody;

/**
 * Result codes seen: the object is already paid, method not enabled, balance too low, to oneself,
 * payer document too long.
 */
export const RESULT_CODES = [
	'PAY_IS_PAYED',
	'NOT_ALLOWED',
	'LIMIT_BALANCE',
	'same_user',
	'LIMIT_LENGTH_CC',
	'error',
] as const;
/** Codes seen in `error` with HTTP 200. */
export const ERROR_CODES = ['BAD_USER', 'EXPIRED', 'ALL_USED', 'NOT_FOUND'] as const;

/**
 * The Spanish sentence of a refused creation (methods as an object, no
 * payer_redirect_url or callback).
 */
export const CREATION_REFUSED_SENTENCE = 'No se pudo crear el pago: revise los datos enviados';

export const errorSentence = (sentence: string): ErrorSentenceBody => ({ error: sentence });

export function fieldErrors(fields: Record<string, string | string[]>): FieldErrorsBody {
	return Object.fromEntries(
		Object.entries(fields).map(([field, messages]) => [
			field,
			Array.isArray(messages) ? messages : [messages],
		]),
	);
}

/**
 * `{"result": CODE}`, with the fields some codes carry beside it (NOT_ALLOWED:
 * `error`, `payment_method`).
 */
export const resultCode = (code: string, extra: Record<string, unknown> = {}): ResultCodeBody => ({
	...extra,
	result: code,
});

export const errorMessage = (msg: string): ErrorMessageBody => ({ error: true, msg });

export const errorCode = (code: string): ErrorSentenceBody => ({ error: code });

export const specFailure = (detail: string): SpecFailureBody => ({ error: ERROR_SENTENCE, detail });

/**
 * A refusal whose body is one of the shapes above, thrown from a route:
 * `throw refuseWith(403, resultCode('PAY_IS_PAYED'))`.
 */
export function refuseWith(status: number, body: FailureBody): ServiceError {
	return new ServiceError(status, describe(body), body);
}

/**
 * The same refusal in each profile's words: the real body and status when observed, the
 * spec's refusal otherwise.
 */
export function refuseAs(
	profile: string,
	status: number,
	observedBody: FailureBody,
	specRefusal: ServiceError,
): ServiceError {
	return profile === 'observed' ? refuseWith(status, observedBody) : specRefusal;
}

/** A one-line text of a failure body, for the sandbox's own log and tests. */
function describe(body: FailureBody): string {
	return JSON.stringify(body);
}

/**
 * A field check's refusal, "amount: Ensure this value …": the live service answers
 * such 400s as a field map.
 */
const FIELD_REFUSAL = /^([A-Za-z_][A-Za-z0-9_]*): (.+)$/s;

/**
 * The body a refusal is answered with: its own real body when it has one; in the `observed` profile
 * a 400 naming a field becomes the field map `{"field": ["message"]}`, as the live service answers;
 * everything else the spec's `{error, detail}`.
 */
export function failureBodyOf(error: ServiceError, profile: string): unknown {
	if (error.body !== undefined) return error.body;
	const field = FIELD_REFUSAL.exec(error.detail);
	if (profile === 'observed' && error.status === 400 && field)
		return fieldErrors({ [field[1]]: field[2] });
	return specFailure(error.detail);
}
