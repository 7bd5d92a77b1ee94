import { sleep } from 'n8n-workflow';
import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';

import { describeFailure, toNodeApiError } from './apiError';
import type { PayErrorFacts } from './failureFacts';
import { ledgerPlaceOf, recall, recordAnswer, recordFailure, recordSending } from './atMostOnce';
import { attempt, connect } from './connection';
import { maskerFor } from './credentialSecrets';
import type { RequestFailure } from './failure';
import { CREDENTIAL_NAME, DEFAULT_TRANSPORT_SETTINGS } from './requestTypes';
import type { BuiltRequest, PayContext, PayRequest, TransportSettings } from './requestTypes';
import { nextRetryDelay } from './retryPolicy';

/**
 * The one way the nodes talk to the service: authentication through the credential (n8n renews
 * the access token on a 401), JSON in and out, double-encoded answers decoded, `{error, detail}`
 * failures turned into errors whose message is the service's `detail`, safe requests retried.
 * A request that changes something is sent at most once per item and execution (atMostOnce.ts).
 */
export async function payApiRequest(
	this: PayContext,
	request: PayRequest,
	settings: TransportSettings = DEFAULT_TRANSPORT_SETTINGS,
): Promise<unknown> {
	const credentials: ICredentialDataDecryptedObject =
		request.credentials ?? (await this.getCredentials(CREDENTIAL_NAME, request.itemIndex));
	const node = request.node ?? this.getNode();
	const connection = connect(this, node, credentials, settings);
	// The service echoes the callback URL, secret and all: answers are masked before anyone keeps them.
	const masked = maskerFor(credentials, request.sensitive);

	const place = ledgerPlaceOf(request);
	const recalled = recall(place, request, () => lostError(node, request, settings));
	if (recalled.done) return recalled.answer;
	let earlierAttemptLost = recalled.earlierAttemptLost;
	const body = typeof request.body === 'function' ? await request.body() : request.body;
	const sending: BuiltRequest = { ...request, body };
	recordSending(place);

	for (let attempts = 1; ; attempts++) {
		const result = await attempt(connection, sending);
		if (result.ok) {
			const answer = masked(result.value);
			recordAnswer(place, answer);
			return answer;
		}
		const wait = nextRetryDelay(request.safety, result.failure, attempts, settings.retry);
		if (wait !== undefined) {
			if (isUnknownOutcome(result.failure)) earlierAttemptLost = true;
			await sleep(wait);
			continue;
		}
		const facts = describeFailure(result.failure, {
			safety: request.safety,
			action: request.action,
			howToCheck: request.howToCheck,
			attempts,
			timeoutMs: settings.timeoutMs,
			earlierAttemptLost,
		});
		const error = toNodeApiError(node, redactFacts(facts, masked), request.itemIndex);
		recordFailure(place, request, facts.outcome, error);
		throw error;
	}
}

/** Failures after which the service may have acted on the request. */
function isUnknownOutcome(failure: RequestFailure): boolean {
	if (failure.kind === 'http') return failure.status >= 500;
	return failure.kind === 'timeout' || failure.kind === 'network' || failure.kind === 'unreadable';
}

function redactFacts(facts: PayErrorFacts, masked: <T>(value: T) => T): PayErrorFacts {
	const { message, description, detail } = facts;
	return { ...facts, ...masked({ message, description, detail }) };
}

function lostError(node: INode, request: PayRequest, settings: TransportSettings) {
	const facts = describeFailure(
		{
			kind: 'other',
			message: 'An earlier attempt in this execution is still under way or lost its answer',
		},
		{
			safety: request.safety,
			action: request.action,
			howToCheck: request.howToCheck,
			attempts: 1,
			timeoutMs: settings.timeoutMs,
		},
	);
	return toNodeApiError(node, facts, request.itemIndex);
}
