import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { PayApi } from '../../../credentials/PayApi.credentials';
import { redactSecrets, redactWords } from './redact';

/** The fields the credential declares as passwords: none of them may appear in an output, an error or a log. */
const SECRET_FIELDS = new PayApi().properties
	.filter((field) => field.typeOptions?.password === true)
	.map((field) => field.name);

function secretsOf(credentials: ICredentialDataDecryptedObject): Array<string | undefined> {
	return SECRET_FIELDS.map((field) => credentials[field]).map((value) =>
		typeof value === 'string' ? value : undefined,
	);
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
		redactWords(redactSecrets(value, [...secretsAtStart, ...secretsOf(credentials)]), sensitive);
}
