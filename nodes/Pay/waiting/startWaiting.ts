/**
 * After every item of a waiting operation has been sent: records what the execution waits for and
 * puts it to wait. The items returned now show in the editor while it waits; when it resumes, the
 * callback's answer (resumePaymentWait.ts, resumeWithdrawalWait.ts) replaces them.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { NodeRun } from '../execution/operationEnvironment';
import type { WaitLimit } from './waitLimit';
import type { WaitKind } from './waitKind';
import { recordWait } from './waitRecord';
import { tokenDigest, waitTokenOfRun } from './waitToken';

export async function startWaiting(
	context: IExecuteFunctions,
	run: NodeRun,
	kind: WaitKind,
	items: INodeExecutionData[],
	limit: WaitLimit,
): Promise<INodeExecutionData[][]> {
	items = items.map((item) => asSentEarlier(kind, item));
	const ids = items.map((item) => waitedId(kind, item.json));
	if (ids.every((id) => id === '')) return [items.map((item) => notWaited(kind, item, kind.noId))];
	// All final already (links an earlier execution created, paid since): no callback will come.
	const final = items.map((item, index) =>
		ids[index] === '' ? notWaited(kind, item, kind.noId).json : kind.finalAlready?.(item.json),
	);
	if (final.every((json) => json !== undefined))
		return [items.map((item, index) => ({ ...item, json: final[index] as IDataObject }))];
	const digest = tokenDigest(await waitTokenOfRun(run));
	if (!recordWait(context, kind, ids, digest))
		return [items.map((item) => notWaited(kind, item, notRecorded(kind.recordKey)))];
	const expiryDays = items.map((item) => Number(item.json.expiration_days) || 1);
	const until = limit(Math.max(1, ...expiryDays));
	await context.putExecutionToWait(until);
	return [withWaitingUntil(items, until)];
}

/**
 * The items of a waiting execution, each saying until when it waits. A failed item stays as it
 * failed: on the error output n8n moves only items whose one field is `error`.
 */
export function withWaitingUntil(items: INodeExecutionData[], until: Date): INodeExecutionData[] {
	return items.map((item) =>
		item.json.error === undefined
			? { ...item, json: { ...item.json, waiting_until: until.toISOString() } }
			: item,
	);
}

/**
 * What the item waits for (`idField`: the slug of a created link, the id of a withdrawal); '' for
 * an item that failed or has none.
 */
function waitedId(kind: WaitKind, json: IDataObject): string {
	if (json.error !== undefined || json[kind.outcomeField] !== undefined) return '';
	const id = json[kind.idField];
	return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}

function notRecorded(key: string): string {
	return `Sent, but not waited for: n8n did not keep the record of what this execution waits for (its custom data "${key}": at most 10 keys of 512 characters per execution). Follow it with a Pay Trigger, or fewer items per execution.`;
}

/**
 * An item an earlier execution sent (`already_sent`), as the kind says it: what it knows of that
 * send, and its outcome when this execution cannot follow it.
 */
function asSentEarlier(kind: WaitKind, item: INodeExecutionData): INodeExecutionData {
	if (item.json.outcome !== 'already_sent' || !kind.sentEarlier) return item;
	return { ...item, json: kind.sentEarlier(item.json) };
}

/**
 * The item as sent, saying why the execution did not wait for it (its own message kept); a failed
 * item, or one whose outcome is said already, as it is.
 */
function notWaited(kind: WaitKind, item: INodeExecutionData, why: string): INodeExecutionData {
	if (item.json.error !== undefined || item.json[kind.outcomeField] !== undefined) return item;
	return {
		...item,
		json: { ...item.json, [kind.outcomeField]: 'not_waited', not_waited_because: why },
	};
}
