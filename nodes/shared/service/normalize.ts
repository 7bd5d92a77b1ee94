/**
 * Small conversions that make the service's answers predictable for workflow authors: the same
 * field arrives as "50000.00" in one answer and 50000 in another.
 */
import type { IDataObject } from 'n8n-workflow';

/** A number from a number or a numeric text; `undefined` for anything else (never NaN). */
export function toNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value === 'string' && value.trim() !== '') {
		const parsed = Number(value.trim());
		return Number.isFinite(parsed) ? parsed : undefined;
	}
	return undefined;
}

/**
 * An answer as fields to put in an output. The documented answers are objects; any other JSON
 * value (the spec leaves many shapes open) is kept whole under `response`, rather than lost or
 * spread into index fields ("0", "1", …), and never read in a way that throws after the call.
 */
export function answerFields(answer: unknown): IDataObject {
	if (typeof answer === 'object' && answer !== null && !Array.isArray(answer))
		return answer as IDataObject;
	return answer === undefined || answer === null ? {} : { response: answer as IDataObject };
}
