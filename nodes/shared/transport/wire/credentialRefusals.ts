/**
 * What a credential cannot be sent with, refused before anything leaves: a Base URL that would send
 * the secrets elsewhere (credentials/baseUrl.ts), a secret too short to be masked
 * (credentials/secretLength.ts). Each error says nothing was sent, and names what to correct.
 */
import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { tooShortSecret } from '../../../../credentials/secretLength';
import { setErrorFacts } from '../terms/errorFacts';

export function baseUrlError(node: INode, problem: string): NodeOperationError {
	const error = new NodeOperationError(node, problem, {
		description: 'Nothing was sent to the service. Correct the Base URL in the Pay API credential.',
	});
	setErrorFacts(error, { outcome: 'not_sent', field: 'Base URL' });
	return error;
}

/** A typed secret too short to mask: nothing is sent (the credential's tooShortSecret: why). */
export function refuseShortSecrets(node: INode, credentials: ICredentialDataDecryptedObject): void {
	const why = tooShortSecret(credentials);
	if (why === undefined) return;
	const error = new NodeOperationError(node, why, {
		description: 'Nothing was sent to the service. Open the credential and set the full value.',
	});
	setErrorFacts(error, { outcome: 'not_sent' });
	throw error;
}
