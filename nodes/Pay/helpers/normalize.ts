/**
 * Small conversions that make the service's answers predictable for workflow authors: the same
 * field arrives as "50000.00" in one answer and 50000 in another.
 */

/** A number from a number or a numeric text; `undefined` for anything else (never NaN). */
export function toNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value === 'string' && value.trim() !== '') {
		const parsed = Number(value.trim());
		return Number.isFinite(parsed) ? parsed : undefined;
	}
	return undefined;
}
