import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { PayApi } from '../../../credentials/PayApi.credentials';
import { redactSecretForms, redactWords, secretForms } from './redact';

/**
 * The fields the credential declares as passwords: none of them may appear in an output, an error
 * or a log.
 */
const SECRET_FIELDS = new PayApi().properties
	.filter((field) => field.typeOptions?.password === true)
	.map((field) => field.name);

function secretsOf(credentials: ICredentialDataDecryptedObject): Array<string | undefined> {
	return SECRET_FIELDS.map((field) => credentials[field]).map((value) =>
		typeof value === 'string' ? value : undefined,
	);
}

/**
 * The forms to mask, worked out once per credential object (one per run of a node) for as long as
 * its secrets stay the same: every answer is masked, and encoding the secrets for each was a cost
 * per request. A renewed token changes the secrets, and so the forms.
 */
const formsKept = new WeakMap<
	ICredentialDataDecryptedObject,
	{ secrets: string; forms: string[] }
>();

function formsOf(
	credentials: ICredentialDataDecryptedObject,
	secrets: Array<string | undefined>,
): string[] {
	const key = secrets.join('\u0000');
	const kept = formsKept.get(credentials);
	if (kept?.secrets === key) return kept.forms;
	const forms = secretForms(secrets);
	formsKept.set(credentials, { secrets: key, forms });
	return forms;
}

/**
 * Masks the credential's secrets, and the request's own sensitive values, in whatever it is given:
 * those it held when the request began and, read afresh, a token a renewal put into it since.
 */
export function maskerFor(
	credentials: ICredentialDataDecryptedObject,
	sensitive: string[] | undefined,
): <T>(value: T) => T {
	const secretsAtStart = secretsOf(credentials);
	return <T>(value: T): T =>
		redactWords(
			redactSecretForms(
				value,
				formsOf(credentials, [...secretsAtStart, ...secretsOf(credentials)]),
			),
			sensitive,
		);
}
