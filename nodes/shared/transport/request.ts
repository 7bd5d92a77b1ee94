import { sleep } from 'n8n-workflow';
import type { ICredentialDataDecryptedObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { describeFailure, toNodeApiError } from './apiError';
import type { PayErrorFacts } from './failureFacts';
import { ledgerPlaceOf, recall, recordAnswer, recordFailure, recordSending } from './atMostOnce';
import { attempt, connect } from './connection';
import { maskerFor } from './credentialSecrets';
import type { RequestFailure } from './failure';
import { AlreadySentError, earlierOutcomeUnknown } from './earlierSend';
import { CREDENTIAL_NAME, DEFAULT_TRANSPORT_SETTINGS } from './requestTypes';
import type { BuiltRequest, PayContext, PayRequest, TransportSettings } from './requestTypes';
import { nextRetryDelay } from './retryPolicy';
import { sentRecordFor } from './sentRecord';
import type { SentRecord } from './sentRecord';

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
	// The ledger first: within one execution, Retry On Fail gets the recorded answer back.
	const record = await claimReference(this, node, request);
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
		if (record && facts.detail?.startsWith('double_idempotency_key')) {
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

/** A record update whose failure must not hide what the service answered; a kept record errs on the safe side. */
async function quietly(update: Promise<void> | undefined): Promise<void> {
	await update?.catch(() => undefined);
}

/**
 * Records the request's reference before it is sent; an earlier execution's record stops it:
 * "already sent" when that send was answered, "outcome unknown" when it never was.
 */
async function claimReference(
	context: PayContext,
	node: INode,
	request: PayRequest,
): Promise<SentRecord | undefined> {
	const { reference } = request;
	if (reference === undefined || request.safety !== 'once') return undefined;
	const record = sentRecordFor(context as IExecuteFunctions, node, reference);
	let earlier;
	try {
		earlier = await record.claim();
	} catch (error) {
		throw toNodeApiError(
			node,
			{
				message: `Nothing was sent: n8n could not record the reference ${reference} before ${request.action}`,
				description: context.getWorkflow().id
					? `n8n's database answered: ${(error as Error)?.message ?? String(error)}. The reference is recorded before sending so that no later execution sends it again; run the item again once the database is reachable.`
					: 'n8n records references per saved workflow: save the workflow, then run it again.',
				outcome: 'not_sent',
			},
			request.itemIndex,
		);
	}
	if (earlier === 'none')
		// In n8n's log too: after a crash, it tells which references were about to be sent.
		(context as IExecuteFunctions).logger?.info(
			`Pay: reference ${reference} recorded before ${request.action}`,
			{
				node: node.name,
				itemIndex: request.itemIndex,
			},
		);
	if (earlier === 'sent')
		throw new AlreadySentError(node, request.itemIndex, request.action, reference);
	if (earlier === 'unknown')
		throw earlierOutcomeUnknown(
			node,
			request.itemIndex,
			request.action,
			reference,
			request.howToCheck,
		);
	return record;
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
