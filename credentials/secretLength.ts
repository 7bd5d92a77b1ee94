import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/**
 * How short a secret of the credential may be. The node masks every secret wherever the service
 * echoes it (nodes/shared/transport/wire/redact.ts), which only holds for values long enough to be
 * told from ordinary text: masking a 4-character key everywhere would blank the same letters in
 * slugs, descriptions and amounts, and leaving it unmasked would let it into outputs and logs. A
 * short callback secret is also one a sender can guess. So a shorter one is refused, saying why.
 */
export const SHORTEST_SECRET = 8;

/** The secrets a user types into the credential, as the credential dialog names them. */
const TYPED_SECRETS: Record<string, string> = {
	apiKey: 'API Key',
	refreshToken: 'Refresh Token',
	accessToken: 'Access Token',
	callbackSecret: 'Callback Secret',
};

/** Why the credential cannot be used, when one of its secrets is set but too short to mask. */
export function tooShortSecret(credentials: ICredentialDataDecryptedObject): string | undefined {
	for (const [field, name] of Object.entries(TYPED_SECRETS)) {
		const value = credentials[field];
		if (typeof value !== 'string' || value === '' || value.length >= SHORTEST_SECRET) continue;
		return `The credential's ${name} has ${value.length} characters: at least ${SHORTEST_SECRET} are needed. The node masks the credential's secrets wherever the service echoes them, and a value this short cannot be told apart from ordinary text (a callback secret this short can also be guessed). Use the full value the service gave, or for the Callback Secret a long random one (openssl rand -hex 32).`;
	}
	return undefined;
}
