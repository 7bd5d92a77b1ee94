/**
 * Never twice across executions: before a money-moving request leaves, its reference is claimed in
 * n8n's database (sentRecord.ts). What an earlier execution left stops it: "already sent" when that
 * send was answered, or when the service shows it went through; "outcome unknown" when neither can
 * tell.
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { toNodeApiError } from '../meaning/apiError';
import { alreadySent, earlierOutcomeUnknown } from '../meaning/earlierSend';
import type { SentBefore } from '../terms/outcomes';
import type { PayContext, PayRequest } from '../terms/requestTypes';
import type { Finding } from '../terms/serviceCheck';
import { sentFactsFor } from './sentFacts';
import { sentRecordFor } from './sentRecord';
import type { ClaimFound, SentRecord } from './sentRecord';

export type AskTheService = (claimedAt: number | undefined) => Promise<Finding | undefined>;

/** The request's claim: its record (none without a Reference), or the earlier send stopping it. */
export type Claim = { record: SentRecord | undefined } | { sentBefore: SentBefore };

/**
 * Records the request's reference before it is sent; an earlier execution's record stops it:
 * "already sent" (returned) when that send was answered or the service shows it, "outcome unknown"
 * (thrown) when neither can tell.
 */
export async function claimReference(
	context: PayContext,
	node: INode,
	request: PayRequest,
	ask: AskTheService,
): Promise<Claim> {
	const { reference } = request;
	if (reference === undefined || request.safety !== 'once') return { record: undefined };
	const record = sentRecordFor(context as IExecuteFunctions, node, reference);
	const earlier = await recordOrSendNothing(context, node, request, record, reference);
	if (earlier === 'none')
		// In n8n's log too: after a crash, it tells which references were about to be sent.
		(context as IExecuteFunctions).logger?.info(
			`Pay: reference ${reference} recorded before ${request.action}`,
			{
				node: node.name,
				itemIndex: request.itemIndex,
			},
		);
	if (earlier === 'sent') {
		const kept = request.keep && (await factsKept(context, reference, request.keep));
		const facts = { earlier: kept || undefined, firstSendWas: request.firstSendWas };
		return { sentBefore: alreadySent(earlierSend(request), reference, facts) };
	}
	if (earlier === 'claimed_elsewhere')
		throw earlierOutcomeUnknown(
			node,
			request.itemIndex,
			earlierSend(request),
			reference,
			request.howToCheck,
			'Another execution recorded the same reference at the same instant and sends it; this one did not',
		);
	if (earlier === 'unknown')
		return {
			sentBefore: await earlierSendAsTheServiceTells(node, request, record, reference, ask),
		};
	return { record };
}

/**
 * How the messages about an earlier send under this Reference name it: by this item's figures only
 * where the Reference is made of them (PayRequest.firstSendNamed).
 */
const earlierSend = (request: PayRequest) => request.firstSendNamed ?? request.action;

/** Claims the reference; when n8n's database cannot record it, nothing is sent. */
async function recordOrSendNothing(
	context: PayContext,
	node: INode,
	request: PayRequest,
	record: SentRecord,
	reference: string,
): Promise<ClaimFound> {
	try {
		return await record.claim();
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
}

/**
 * An earlier send whose answer was never recorded: "already sent" when the service shows it (and
 * the record is marked sent), else "outcome unknown", thrown.
 */
async function earlierSendAsTheServiceTells(
	node: INode,
	request: PayRequest,
	record: SentRecord,
	reference: string,
	ask: AskTheService,
): Promise<SentBefore> {
	const finding = await ask(await record.claimedAt());
	if (finding?.shown) {
		await quietly(record.markSent());
		return alreadySent(request.action, reference, { shown: finding });
	}
	throw earlierOutcomeUnknown(
		node,
		request.itemIndex,
		earlierSend(request),
		reference,
		request.howToCheck,
		finding && `Asked the service: ${finding.why}`,
	);
}

/**
 * After the service accepted: the Reference's "sent" mark, and beside it the fields of the answer
 * the request keeps, for a later execution to say what this send made.
 */
export async function markSent(
	context: PayContext,
	request: PayRequest,
	record: SentRecord,
	answer: unknown,
): Promise<void> {
	const { reference, keep } = request;
	const facts =
		reference !== undefined && keep
			? sentFactsFor(context as IExecuteFunctions, reference).keep(answer, keep)
			: undefined;
	await Promise.all([quietly(record.markSent()), quietly(facts)]);
}

/** What the earlier send's answer said, as kept; `{}` when nothing was kept (an older record). */
async function factsKept(
	context: PayContext,
	reference: string,
	fields: readonly string[],
): Promise<IDataObject> {
	const found = await sentFactsFor(context as IExecuteFunctions, reference)
		.find(fields)
		.catch(() => undefined);
	return found ?? {};
}

/**
 * A record update whose failure must not hide what the service answered; a kept record errs on the
 * safe side.
 */
export async function quietly(update: Promise<void> | undefined): Promise<void> {
	await update?.catch(() => undefined);
}
