/**
 * The service's refusal of an idempotency key it has seen (`double_idempotency_key…` in the
 * answer's detail, docs/SERVICE.md "Failures"): what it created or sent under that key exists
 * already. The one place that reads the service's words for it.
 */
export function isDoubleIdempotencyKey(detail: string | undefined): detail is string {
	return detail?.startsWith('double_idempotency_key') === true;
}
