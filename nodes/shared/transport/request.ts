import { sleep } from 'n8n-workflow';
import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';

import { describeFailure, toNodeApiError } from './apiError';
import type { PayErrorFacts } from './failureFacts';
import { ledgerPlaceOf, recall, recordAnswer, recordFailure, recordSending } from './atMostOnce';
import { attempt, connect } from './connection';
import { maskerFor } from './credentialSecrets';
import type { RequestFailure } from './failure';
import { askBeforeUnknown } from './askBeforeUnknown';
import { claimReference, quietly } from './claimReference';
import { AlreadySentError, SentAsServiceShowsError } from './earlierSend';
import { CREDENTIAL_NAME, DEFAULT_TRANSPORT_SETTINGS } from './requestTypes';
import type { BuiltRequest, PayContext, PayRequest, TransportSettings } from './requestTypes';
import { nextRetryDelay } from './retryPolicy';
import { isDoubleIdempotencyKey } from '../service/doubleIdempotencyKey';

/**
 * The one way the nodes talk to the service: authentication through the credential (n8n renews
 * the access token on a 401), JSON in and out, double-encoded answers decoded, `{error, detail}`
 * failures turned into errors whose message is the service's `detail`, safe requests retried.
 * A request that changes something is sent at most once per item and execution (atMostOnce.ts);
 * one with a reference, at most once across executions (sentRecord.ts).
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
	const reader = {
		baseUrl: connection.baseUrl,
		read: async (path: string) =>
			await payApiRequest.call(
				this,
				{ method: 'GET', path, safety: 'read', action: `reading ${path}`, node, credentials },
				settings,
			),
	};
	const ask = async (claimedAt: number | undefined) =>
		await askBeforeUnknown(this, node, request, reader, claimedAt);
	// The ledger first: within one execution, Retry On Fail gets the recorded answer back.
	const claimedAt = Date.now();
	const record = await claimReference(this, node, request, ask);
	const body = await buildBody(request).catch(async (error: unknown) => {
		// Never sent (the public key could not be read, say): the reference is free again.
		await quietly(record?.release());
		return await Promise.reject(error);
	});
	const sending: BuiltRequest = { ...request, body };
	recordSending(place);

	for (let attempts = 1; ; attempts++) {
		const result = await attempt(connection, sending);
		if (result.ok) {
			const answer = masked(result.value);
			recordAnswer(place, answer);
			// The money moved: a lost mark only makes a later execution say "unknown" instead of "already sent".
			await quietly(record?.markSent());
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
		if (record && isDoubleIdempotencyKey(facts.detail)) {
			// The key came from the reference: the service has it from another execution or worker.
			await quietly(record.markSent());
			const alreadySent = new AlreadySentError(
				node,
				request.itemIndex,
				request.action,
				request.reference ?? '',
			);
			// Retry On Fail running the node again meets the same answer, not "still under way".
			recordFailure(place, request, 'refused', alreadySent);
			throw alreadySent;
		}
		const finding = facts.outcome === 'unknown' && record ? await ask(claimedAt) : undefined;
		if (finding?.shown) {
			await quietly(record?.markSent());
			const sent = new SentAsServiceShowsError(
				node,
				request.itemIndex,
				request.action,
				request.reference ?? '',
				masked(finding),
			);
			// Retry On Fail running the node again meets the same answer.
			recordFailure(place, request, 'refused', sent);
			throw sent;
		}
		if (finding)
			facts.description = `${facts.description ?? ''} Asked the service: ${finding.why}.`.trim();
		const error = toNodeApiError(node, redactFacts(facts, masked), request.itemIndex);
		recordFailure(place, request, facts.outcome, error);
		// Refused or never sent: nothing happened, so the reference is free again.
		if (facts.outcome !== 'unknown') await quietly(record?.release());
		throw error;
	}
}

async function buildBody(request: PayRequest): Promise<BuiltRequest['body']> {
	return typeof request.body === 'function' ? await request.body() : request.body;
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
