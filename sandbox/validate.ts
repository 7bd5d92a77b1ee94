/**
 * Field checks with the messages the service's framework gives, so a wrong
 * request fails as it would.
 */
import { badRequest } from './http';

export type Body = Record<string, unknown>;

export function requireString(body: Body, field: string): string {
	const value = body[field];
	if (value === undefined || value === null || value === '')
		throw badRequest(`${field}: This field is required.`);
	if (typeof value !== 'string') throw badRequest(`${field}: Not a valid string.`);
	return value;
}

export function optionalString(body: Body, field: string): string {
	const value = body[field];
	if (value === undefined || value === null) return '';
	if (typeof value !== 'string') throw badRequest(`${field}: Not a valid string.`);
	return value;
}

/**
 * A JSON number, as the spec types the field: `"50000"` is refused, so a client
 * that sends text fails here.
 */
export function requireNumber(body: Body, field: string): number {
	const value = body[field];
	if (value === undefined || value === null || value === '')
		throw badRequest(`${field}: This field is required.`);
	if (typeof value !== 'number' || !Number.isFinite(value))
		throw badRequest(`${field}: A valid number is required.`);
	return value;
}

/**
 * A number given as a JSON number or as numeric text: only where the spec shows text
 * (the fee estimate's sample).
 */
export function requireNumberOrNumericText(body: Body, field: string): number {
	const value = body[field];
	if (typeof value !== 'string') return requireNumber(body, field);
	const number = value.trim() === '' ? NaN : Number(value);
	if (!Number.isFinite(number)) throw badRequest(`${field}: A valid number is required.`);
	return number;
}

/** A JSON integer: `50000`, never `"50000"` nor `50000.5`. */
export function requireInteger(body: Body, field: string): number {
	const number = requireNumber(body, field);
	if (!Number.isInteger(number)) throw badRequest(`${field}: A valid integer is required.`);
	return number;
}

export function optionalInteger(body: Body, field: string, fallback: number): number {
	return body[field] === undefined || body[field] === null ? fallback : requireInteger(body, field);
}

export function optionalBoolean(body: Body, field: string, fallback: boolean): boolean {
	const value = body[field];
	if (value === undefined || value === null) return fallback;
	if (typeof value !== 'boolean') throw badRequest(`${field}: Must be a valid boolean.`);
	return value;
}

/** A JSON boolean that must be there: `"true"` and `1` are refused. */
export function requireBoolean(body: Body, field: string): boolean {
	if (body[field] === undefined || body[field] === null)
		throw badRequest(`${field}: This field is required.`);
	return optionalBoolean(body, field, false);
}

export function optionalUrl(body: Body, field: string): string {
	const value = optionalString(body, field);
	if (value === '') return '';
	try {
		const url = new URL(value);
		if (url.protocol === 'http:' || url.protocol === 'https:') return value;
	} catch {
		// refused below
	}
	throw badRequest(`${field}: Enter a valid URL.`);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function requireEmail(body: Body, field: string): string {
	const value = requireString(body, field);
	if (!EMAIL.test(value)) throw badRequest(`${field}: Enter a valid email address.`);
	return value;
}
