/**
 * Masks the credential's secrets inside an answer of the service, before any operation sees it.
 * The service echoes the callback URL it was given, and that URL carries the callback secret
 * (`token`): unmasked, every payment read would put the secret in the workflow's output and
 * execution log, where anyone who can read them could forge callbacks to the Pay Trigger.
 */
import { maskForms, secretForms } from './redact';

/** Changes the freshly parsed answer in place (nobody else holds it) and returns it. */
export function redactAnswer(answer: unknown, secrets: Array<string | undefined>): unknown {
	const forms = secretForms(secrets);
	return forms.length === 0 ? answer : redactValue(answer, forms);
}

function redactValue(value: unknown, forms: string[]): unknown {
	if (typeof value === 'string') return maskForms(value, forms);
	if (Array.isArray(value)) {
		for (let index = 0; index < value.length; index++) value[index] = redactValue(value[index], forms);
	} else if (typeof value === 'object' && value !== null) {
		const record = value as Record<string, unknown>;
		for (const key of Object.keys(record)) record[key] = redactValue(record[key], forms);
	}
	return value;
}
