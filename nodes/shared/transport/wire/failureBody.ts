/**
 * The failure bodies the service answers, read into the service's own words. The spec shows one,
 * `{error, detail}`; the service's real clients meet others, most without `detail`, some with HTTP
 * 200 (docs/SERVICE.md, "Failures"):
 * - `{"error": "<Spanish sentence>"}`, or a code with 200: `{"error": "NOT_FOUND"}`;
 * - a field map: `{"amount": ["A valid number is required."]}`;
 * - `{"result": "PAY_IS_PAYED"}` (and `same_user`, `LIMIT_BALANCE`, `NOT_ALLOWED`,
 *   `LIMIT_LENGTH_CC`, `error`);
 * - `{"error": true, "msg": "unknown payment method"}`.
 */

export interface FailureWords {
	/** What the service said, as the user reads it. */
	detail?: string;
	/** The service's code (`PAY_IS_PAYED`, `NOT_FOUND` …), kept for branching. */
	code?: string;
	/** The spec's fixed sentence in `error`, beside a `detail`. */
	error?: string;
}

/** Result codes seen, in plain words. */
const RESULT_CODE_WORDS: Record<string, string> = {
	PAY_IS_PAYED: 'The payment object is already paid',
	NOT_ALLOWED: 'The payment method is not enabled for this account',
	LIMIT_BALANCE: 'The available balance is not enough for this amount',
	same_user: 'The recipient is this same account',
	LIMIT_LENGTH_CC: "The payer's document number is too long",
	error: 'The service refused the request without giving a reason',
};

/** Codes seen in `error` with HTTP 200, in plain words. */
const ERROR_CODE_WORDS: Record<string, string> = {
	BAD_USER: 'The user is not valid for this request',
	EXPIRED: 'It has expired',
	ALL_USED: 'It has been used up',
	NOT_FOUND: 'The service found nothing for this request',
};

/**
 * `result` values of a success (the spec's expire and OTP confirmation answer `{"result": "OK"}`).
 */
const SUCCESS_RESULTS = /^(ok|success|true)$/i;
/** A code rather than a sentence: `NOT_FOUND`, `same_user`. */
const CODE = /^[A-Za-z]+(_[A-Za-z]+)*$/;
/**
 * Fields a failure body may carry beside its `error` or `result` (NOT_ALLOWED adds `error` and
 * `payment_method`).
 */
const FAILURE_FIELDS = new Set([
	'error',
	'detail',
	'msg',
	'message',
	'result',
	'code',
	'payment_method',
	'status',
]);

type Body = Record<string, unknown>;

function isObject(value: unknown): value is Body {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const text = (value: unknown): string | undefined =>
	typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** `{"field": ["message", …], …}`: every value a non-empty list of texts. */
function isFieldMap(body: Body): boolean {
	const values = Object.values(body);
	return (
		values.length > 0 &&
		values.every(
			(value) =>
				Array.isArray(value) &&
				value.length > 0 &&
				value.every((message) => typeof message === 'string'),
		)
	);
}

function failingResult(body: Body): string | undefined {
	const result = text(body.result);
	return result !== undefined && !SUCCESS_RESULTS.test(result) ? result : undefined;
}

/**
 * Whether a 2xx answer is in fact a failure. Only bodies made of failure fields count: a success
 * may carry `result: "OK"`, `message: "OK"`, or an `error` field that is empty or null beside its
 * data. A `result` counts only when it is a known failure code or says error/fail: taking an
 * unforeseen success (`{"result": "PENDING"}`) for a refusal would tell the user nothing happened
 * after money moved.
 */
export function isFailureBody(value: unknown): boolean {
	if (!isObject(value)) return false;
	if (text(value.error) !== undefined && typeof value.detail === 'string') return true;
	if (isFieldMap(value)) return true;
	if (!Object.keys(value).every((field) => FAILURE_FIELDS.has(field))) return false;
	return (
		value.error === true || text(value.error) !== undefined || isFailureCode(failingResult(value))
	);
}

const SAYS_FAILURE = /error|fail/i;

function isFailureCode(code: string | undefined): boolean {
	return code !== undefined && (Object.hasOwn(RESULT_CODE_WORDS, code) || SAYS_FAILURE.test(code));
}

/**
 * The service's words for a failure body (any status); `undefined` fields where it said nothing
 * readable.
 */
export function readFailureBody(body: Body): FailureWords {
	const detail =
		text(body.detail) ??
		(isObject(body.detail) || Array.isArray(body.detail) ? JSON.stringify(body.detail) : undefined);
	const error = text(body.error);
	if (detail !== undefined) return { detail, error };
	if (body.error === true)
		return {
			detail:
				text(body.msg) ??
				text(body.message) ??
				'The service refused the request without giving a reason',
		};
	const result = failingResult(body);
	if (result !== undefined) return { detail: resultWords(result, body), code: result };
	if (error !== undefined) {
		if (CODE.test(error)) return { detail: codeWords(error, ERROR_CODE_WORDS), code: error };
		return { detail: error };
	}
	if (isFieldMap(body)) return { detail: fieldMapWords(body) };
	return {};
}

function resultWords(code: string, body: Body): string {
	const words = codeWords(code, RESULT_CODE_WORDS);
	// NOT_ALLOWED comes with the method and the service's own reason.
	const said = [
		text(body.error) ?? text(body.msg) ?? text(body.message),
		text(body.payment_method) && `payment method ${text(body.payment_method)}`,
	].filter(Boolean);
	return said.length > 0 ? `${words}: ${said.join(', ')}` : words;
}

function codeWords(code: string, known: Record<string, string>): string {
	const words = Object.hasOwn(known, code) ? known[code] : undefined;
	return words ? `${words} (${code})` : `The service refused the request: ${code}`;
}

/** "amount: A valid number is required.; description: This field is required." */
function fieldMapWords(body: Body): string {
	return Object.entries(body)
		.map(([field, messages]) => `${field}: ${(messages as string[]).join(' ')}`)
		.join('; ');
}
