/**
 * Create and Wait for Payment, for an item whose link an earlier execution created (its
 * idempotency key refused, its slug kept: alreadyCreated.ts). Nothing is created again; the wait
 * goes on for that same link: an open one has its callback pointed at this execution
 * (`/edit_pay/`, as Wait Again While Open does); open or final, it is waited for like the others
 * (a run whose links are all final already does not wait: startWaiting.ts). A repeat whose slug
 * is not known keeps its `already_created` item, which the wait says it could not follow.
 */
import type { IDataObject } from 'n8n-workflow';

import type { OperationEnvironment } from '../execution/operationEnvironment';
import { isFinal } from './readLink';
import { linkStateOf } from './linkOutcome';

export async function followedHere(
	env: OperationEnvironment,
	itemIndex: number,
	created: IDataObject,
	callback: string,
): Promise<IDataObject> {
	const { slug } = created;
	if (created.outcome !== 'already_created' || typeof slug !== 'string') return created;
	if (isFinal(linkStateOf(created))) return created;
	await env.request({
		method: 'POST',
		path: '/edit_pay/',
		body: { url: slug, callback },
		safety: 'idempotent',
		action: `pointing the callback of the payment link ${slug}, created earlier, at this execution`,
		itemIndex,
	});
	return created;
}
