/**
 * The answers are masked: the service echoes what it was sent, secrets and all. The credential's
 * secrets, and a request's own sensitive values, are masked in the answer before anything is read
 * from it.
 */
import type { ICredentialDataDecryptedObject, IN8nHttpFullResponse } from 'n8n-workflow';

import { PayApi } from '../../../../credentials/PayApi.credentials';
import { SHORTEST_SECRET } from '../../../../credentials/secretLength';
import { readResponse } from './readResponse';
import type { AttemptResult } from './readResponse';
import { redactSecretForms, redactWords, secretMask } from './redact';
import type { TextMask } from './redact';

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
 * The mask, worked out once per credential object (one per run of a node) for as long as its
 * secrets stay the same: every answer is masked, and building the mask's pattern for each was a
 * cost per request. A renewed token changes the secrets, and so the mask.
 */
const masksKept = new WeakMap<
	ICredentialDataDecryptedObject,
	{ secrets: string; mask: TextMask | undefined }
>();

function maskOf(
	credentials: ICredentialDataDecryptedObject,
	secrets: Array<string | undefined>,
): TextMask | undefined {
	const key = secrets.join('\u0000');
	const kept = masksKept.get(credentials);
	if (kept?.secrets === key) return kept.mask;
	const mask = secretMask(secrets, SHORTEST_SECRET);
	masksKept.set(credentials, { secrets: key, mask });
	return mask;
}

/**
 * Masks the credential's secrets, and the request's own sensitive values, in whatever it is given:
 * those it held when the request began and, read afresh, a token a renewal put into it since. A
 * token the service issued too short for the pattern (typed ones are refused: connect) is still
 * masked where it stands as a word.
 */
export function maskerFor(
	credentials: ICredentialDataDecryptedObject,
	sensitive: string[] | undefined,
): <T>(value: T) => T {
	const secretsAtStart = secretsOf(credentials);
	return <T>(value: T): T => {
		const secrets = [...secretsAtStart, ...secretsOf(credentials)];
		const short = secrets.filter(
			(secret): secret is string => secret !== undefined && secret.length < SHORTEST_SECRET,
		);
		const words = short.length === 0 ? sensitive : [...(sensitive ?? []), ...short];
		return redactWords(redactSecretForms(value, maskOf(credentials, secrets)), words);
	};
}

/**
 * The answer read with the secrets masked first, so that nothing read from it (a value, the
 * service's words, its code, an excerpt cut short or a redirect's address) can hold one; a body
 * that came as text is masked again once decoded, its JSON escapes undone.
 */
export function readMasked(
	response: IN8nHttpFullResponse,
	mask: <T>(value: T) => T,
): AttemptResult {
	const raw: unknown = response.body;
	const body = Buffer.isBuffer(raw) ? raw.toString('utf8') : raw;
	const headers = { ...response.headers };
	for (const name of Object.keys(headers))
		if (name.toLowerCase() === 'location') headers[name] = mask(headers[name]);
	const result = readResponse({
		...response,
		headers,
		body: mask(body) as IN8nHttpFullResponse['body'],
	});
	if (typeof body !== 'string') return result;
	return result.ok
		? { ok: true, value: mask(result.value) }
		: { ok: false, failure: mask(result.failure) };
}
