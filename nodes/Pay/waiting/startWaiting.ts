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
	const ids = items.map((item) => waitedId(kind, item.json));
	if (ids.every((id) => id === ''))
		return [
			items.map((item) =>
				item.json.error === undefined ? notWaited(kind, item, kind.noId) : item,
			),
		];
	const digest = tokenDigest(await waitTokenOfRun(run));
	if (!recordWait(context, kind, ids, digest))
		return [
			items.map((item) =>
				item.json.error === undefined ? notWaited(kind, item, notRecorded(kind.recordKey)) : item,
			),
		];
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
	if (json.error !== undefined) return '';
	const id = json[kind.idField];
	return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}

function notRecorded(key: string): string {
	return `Sent, but not waited for: n8n did not keep the record of what this execution waits for (its custom data "${key}": at most 10 keys of 512 characters per execution). Follow it with a Pay Trigger, or fewer items per execution.`;
}

/** The item as sent, saying why the execution did not wait for it (its own message kept). */
function notWaited(kind: WaitKind, item: INodeExecutionData, why: string): INodeExecutionData {
	return {
		...item,
		json: { ...item.json, [kind.outcomeField]: 'not_waited', not_waited_because: why },
	};
}
