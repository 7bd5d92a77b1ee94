import { sleep } from 'n8n-workflow';
import type { ICredentialDataDecryptedObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { askBeforeUnknown } from './askBeforeUnknown';
import { ledgerPlaceOf, recall, recordAnswer, recordSending } from '../neverTwice/ledger';
import { claimReference, markSent, quietly } from '../neverTwice/referenceClaim';
import { attempt, connect } from '../wire/connection';
import { maskerFor } from '../wire/maskedAnswer';
import { serviceMayHaveActed } from '../meaning/failureMeaning';
import { lostError, resolveFailure } from './lastFailure';
import type { LastFailure, RequestCall } from './lastFailure';
import { CREDENTIAL_NAME, DEFAULT_TRANSPORT_SETTINGS } from '../terms/requestTypes';
import type {
	BuiltRequest,
	ItemRun,
	PayContext,
	PayRequest,
	RequestResult,
	TransportSettings,
} from '../terms/requestTypes';
import { nextRetryDelay } from '../meaning/retryPolicy';
import type { SentRecord } from '../neverTwice/sentRecord';

/**
 * The one way the nodes talk to the service: authentication through the credential (n8n renews the
 * access token on a 401), JSON in and out, double-encoded answers decoded, `{error, detail}`
 * failures turned into errors whose message is the service's `detail`, safe requests retried. A
 * request that changes something is sent at most once per item and execution
 * (neverTwice/ledger.ts); one with a reference, at most once across executions (sentRecord.ts):
 * one sent before comes back as such (`sentBefore`), no failure.
 */
export async function sendRequest(
	this: PayContext,
	request: PayRequest,
	settings: TransportSettings = DEFAULT_TRANSPORT_SETTINGS,
): Promise<RequestResult> {
	const call = await startCall(this, request, settings);
	// Within one execution, Retry On Fail gets the recorded answer back, never a second send.
	const recalled = recall(call.place, request, () => lostError(call.node, request, settings));
	if (!('earlierAttemptLost' in recalled)) return recalled;
	// Across executions, the reference is claimed in n8n's database before anything leaves.
	const claimedAt = Date.now();
	const claim = await claimReference(this, call.node, request, call.ask);
	if ('sentBefore' in claim) return claim;
	const { record } = claim;
	// Built before the gate: building may read through it (the public key for card fields).
	const sending: BuiltRequest = { ...request, body: await buildBody(request, record) };
	await enterGate(request, record);
	// In n8n's log: after a crash, which claimed references went out (the others never left).
	if (record) logSending(this, call.node, request);
	recordSending(call.place);
	const sent = await sendWithRetries(call, sending, recalled.earlierAttemptLost);
	if ('failure' in sent) {
		const resolved = await resolveFailure(call, sent, record, claimedAt);
		if ('error' in resolved) throw resolved.error;
		return resolved;
	}
	// Masked as it was read (connection.ts): an answer holds no secret of the credential.
	const answer = sent.value;
	recordAnswer(call.place, answer);
	// The money moved: a lost mark only makes a later execution say "unknown", not "already sent".
	// In a run the mark is left to the gate, written while the next items send, and the run ends
	// only once it is made; after a crash, what went out and lost its mark is asked of the service.
	if (request.gate && record)
		request.gate.leaveBehind(async () => await markSent(this, request, record, answer));
	else if (record) await markSent(this, request, record, answer);
	return { answer };
}

/** A request without a Reference (a read, a search): the service's answer. */
export async function payApiRequest(
	this: PayContext,
	request: Omit<PayRequest, 'reference'>,
	settings: TransportSettings = DEFAULT_TRANSPORT_SETTINGS,
): Promise<unknown> {
	return answerOf(await sendRequest.call(this, request, settings));
}

/**
 * The answer of a request sent without a Reference. Only a Reference can have been sent before;
 * were one passed anyway, its item's output stands for the answer rather than a failure.
 */
export function answerOf(result: RequestResult): unknown {
	return 'answer' in result ? result.answer : result.sentBefore.output;
}

function logSending(context: PayContext, node: INode, request: PayRequest): void {
	(context as IExecuteFunctions).logger?.info(
		`Pay: reference ${request.reference ?? ''} sent for ${request.action}`,
		{ node: node.name, itemIndex: request.itemIndex },
	);
}

/**
 * The item's place among the run's Items at Once; a run that stops first sends nothing more, and
 * the reference claimed for it is free again.
 */
async function enterGate(request: PayRequest, record: SentRecord | undefined): Promise<void> {
	if (!request.gate) return;
	await request.gate.enter(request.itemIndex ?? 0).catch(async (error: unknown) => {
		await quietly(record?.release());
		return await Promise.reject(error);
	});
}

/**
 * How the Pay node's operations send, one item at a time: with the run's node, credential, ledger
 * and settings; `log` learns each request that changed something, for the item pipeline.
 */
export function itemRequests(
	context: IExecuteFunctions,
	run: ItemRun,
	log: { carriedOut?: string },
): (request: PayRequest) => Promise<RequestResult> {
	return async (request) => {
		const credentials = await run.credentials(request.itemIndex ?? 0);
		const { node, ledgerScope, settings, gate } = run;
		const result = await sendRequest.call(
			context,
			{ node, ledgerScope, credentials, gate, ...request },
			settings,
		);
		if (request.safety === 'once' && 'answer' in result) log.carriedOut = request.action;
		return result;
	};
}

async function startCall(
	context: PayContext,
	request: PayRequest,
	settings: TransportSettings,
): Promise<RequestCall> {
	const credentials: ICredentialDataDecryptedObject =
		request.credentials ?? (await context.getCredentials(CREDENTIAL_NAME, request.itemIndex));
	const node = request.node ?? context.getNode();
	// The rooms in their order: the request's place in the ledger, then its connection.
	const place = ledgerPlaceOf(request);
	const connection = connect(context, node, credentials, settings);
	// Asking the service what became of a lost answer goes through the transport's safe reads.
	const reader = {
		baseUrl: connection.baseUrl,
		read: async (path: string) =>
			await payApiRequest.call(
				context,
				{ method: 'GET', path, safety: 'read', action: `reading ${path}`, node, credentials },
				settings,
			),
	};
	return {
		node,
		request,
		settings,
		connection,
		// Answers are masked as read; what the node words itself from a failure is masked too.
		masked: maskerFor(credentials, request.sensitive),
		place,
		ask: async (claimedAt) => await askBeforeUnknown(context, node, request, reader, claimedAt),
	};
}

async function buildBody(
	request: PayRequest,
	record: SentRecord | undefined,
): Promise<BuiltRequest['body']> {
	if (typeof request.body !== 'function') return request.body;
	return await request.body().catch(async (error: unknown) => {
		// Never sent (the public key could not be read, say): the reference is free again.
		await quietly(record?.release());
		return await Promise.reject(error);
	});
}

/** Sends until it succeeds or the retry policy gives up (never retrying a `once` request). */
async function sendWithRetries(
	call: RequestCall,
	sending: BuiltRequest,
	earlierAttemptLost: boolean,
): Promise<{ value: unknown } | LastFailure> {
	const { settings } = call;
	for (let attempts = 1; ; attempts++) {
		const result = await attempt(call.connection, sending);
		if (result.ok) return { value: result.value };
		const wait = nextRetryDelay(sending.safety, result.failure, attempts, settings.retry);
		if (wait === undefined) return { failure: result.failure, attempts, earlierAttemptLost };
		if (serviceMayHaveActed(result.failure)) earlierAttemptLost = true;
		await sleep(wait);
	}
}
