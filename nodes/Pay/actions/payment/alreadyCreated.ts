/**
 * A creation whose idempotency key the service has seen: the object it made then stands. The
 * service's refusal names no slug, so each creation keeps its slug by its key in the node's own
 * record list (n8n's deduplication store, sentFacts.ts): a repeat finds it and reads that link.
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { normalizePaymentObject } from '../../../shared/service/paymentObject';
import {
	meansAlreadyCreated,
	sentFactsFor,
	MAX_RECORDED_ENTRIES,
	nodeListName,
} from '../../../shared/transport';
import type { OperationEnvironment } from '../types';

export const ALREADY_CREATED = Symbol('already created');

/** Kept in this order, only ever appended to (sentFacts.ts reads them back by position). */
const LINK_FACTS = ['slug'];

/**
 * The service refuses a key it has seen: the object exists already (an earlier execution, n8n's
 * Retry of this one, a re-run with the same trigger data). Not a failure (the failure table's
 * `already_created`): nothing was created twice, and the items after it still go on.
 */
export async function sentOrEarlier(sending: Promise<unknown>): Promise<unknown> {
	return await sending.catch(async (error: unknown) => {
		if (meansAlreadyCreated(error)) return ALREADY_CREATED;
		return await Promise.reject(error);
	});
}

/**
 * The node's list holds no "sent" marks for a creation (the service's key stops a second one), so
 * the slugs kept there push none out.
 */
const createdLinks = (context: IExecuteFunctions, node: INode, idempotencyKey: string) =>
	sentFactsFor(context, `link:${idempotencyKey}`, {
		name: nodeListName(context, node),
		scope: 'node',
		kept: MAX_RECORDED_ENTRIES,
	});

/** After a creation: its slug, by its key. Not kept (n8n's database refused) fails nothing. */
export async function keepCreatedSlug(
	context: IExecuteFunctions,
	node: INode,
	idempotencyKey: string,
	link: IDataObject,
): Promise<void> {
	await createdLinks(context, node, idempotencyKey)
		.keep(link, LINK_FACTS)
		.catch(() => undefined);
}

/** The object created earlier with the key, read from the service when its slug was kept. */
export async function createdEarlier(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
	idempotencyKey: string,
	pageBaseUrl: string | undefined,
): Promise<IDataObject> {
	const kept = await createdLinks(context, env.node, idempotencyKey)
		.find(LINK_FACTS)
		.catch(() => undefined);
	const slug = kept?.slug;
	const said = `A payment object was already created with the idempotency key ${idempotencyKey}`;
	const hint = 'To create another one, give it a new Idempotency Key.';
	if (typeof slug !== 'string')
		return {
			outcome: 'already_created',
			idempotency_key: idempotencyKey,
			message: `${said}: nothing new was created. Its slug is not recorded in this node (another node or workflow created it, its answer was lost, an older version of the node made it, or its record was lost): look for it in the service's dashboard`,
			hint,
			earlier_answer: 'not_recorded',
		};
	const link = await env.request({
		method: 'GET',
		path: `/pay_detail/${encodeURIComponent(slug)}`,
		safety: 'read',
		action: `reading the payment link ${slug}, created earlier with the idempotency key ${idempotencyKey}`,
		itemIndex,
	});
	return {
		outcome: 'already_created',
		idempotency_key: idempotencyKey,
		...normalizePaymentObject(link, pageBaseUrl),
		message: `${said}: this is that link (${slug}), nothing new was created`,
		hint,
		earlier_answer: 'recorded',
	};
}
