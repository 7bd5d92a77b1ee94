/**
 * The service's code in a failure body, read by the node's own failure reader (failureBody.ts):
 * `NOT_ALLOWED`, `PAY_IS_PAYED`. Only a code is kept; a sentence may name a person or a link.
 */
import { readFailureBody } from '../../nodes/shared/transport/wire/failureBody';

const CODE = /^[A-Za-z]+(_[A-Za-z]+)*$/;

export function failureCode(body: unknown): string | undefined {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
	const { code } = readFailureBody(body as Record<string, unknown>);
	return code !== undefined && CODE.test(code) ? code : undefined;
}
