/**
 * What a waiting execution waits for, kept in n8n's own record of the execution (its custom data,
 * saved with it and read back when a callback arrives, in any process): the slugs of the links, or
 * the id of the withdrawal, in item order, and the digest of the wait's token (waitToken.ts).
 * Payment → Get Links Waited For reads it after the Wait Limit (n8n 2.41's expressions cannot:
 * `$execution.customData` is null there).
 */
import type { IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { WaitKind } from './waitKind';

/** Where a wait kind records its ids (`recordKey`, waitKind.ts). */
type RecordOf = Pick<WaitKind, 'recordKey'>;

/** The digest of the token of the execution's latest wait; a later wait replaces it. */
export const WAIT_TOKEN_KEY = 'pay_waiting_token';

/** What a callback to a waiting node is checked against. */
export interface WaitRecord {
	/** The ids waited for, in item order ('' where an item has none). */
	ids: string[];
	/**
	 * The digest of the wait's token; '' for a wait begun by a version that put the credential's
	 * Callback Secret in the link instead.
	 */
	tokenDigest: string;
}

/** n8n keeps at most 512 characters of a custom-data value: the longest record that survives. */
export const MAX_RECORD_LENGTH = 512;

/**
 * Item positions whose link was not created hold an empty entry, so the others keep their place.
 */
const SEPARATOR = ',';

/**
 * Records the ids; false when n8n did not keep them (ten custom-data keys in use already, or too
 * long), so the caller can say so rather than wait for callbacks it could not recognise.
 */
export function recordWait(
	context: IExecuteFunctions,
	kind: RecordOf,
	ids: string[],
	tokenDigest: string,
): boolean {
	const value = ids.join(SEPARATOR);
	if (value.length > MAX_RECORD_LENGTH) return false;
	const customData = customDataOfRun(context);
	customData.set(kind.recordKey, value);
	customData.set(WAIT_TOKEN_KEY, tokenDigest);
	return customData.get(kind.recordKey) === value && customData.get(WAIT_TOKEN_KEY) === tokenDigest;
}

/** What an earlier wait of this execution recorded, read by a node running after it. */
export function readWaitInRun(context: IExecuteFunctions, kind: RecordOf): string[] {
	return idsOf(customDataOfRun(context).get(kind.recordKey));
}

/**
 * Through n8n's data proxy: the one way to the custom data that n8n 2.8 and 2.41 both give nodes.
 */
function customDataOfRun(context: IExecuteFunctions): {
	set(key: string, value: string): void;
	get(key: string): unknown;
} {
	return context.getWorkflowDataProxy(0).$execution.customData;
}

function idsOf(value: unknown): string[] {
	return typeof value === 'string' && value !== '' ? value.split(SEPARATOR) : [];
}

/** What a waiting execution waits for, read when a callback arrives. */
export function readWait(context: IWebhookFunctions, kind: RecordOf): WaitRecord {
	const digest = customDataOfWebhook(context, WAIT_TOKEN_KEY);
	return {
		ids: idsOf(customDataOfWebhook(context, kind.recordKey)),
		tokenDigest: typeof digest === 'string' ? digest : '',
	};
}

function customDataOfWebhook(context: IWebhookFunctions, key: string): unknown {
	// Newer n8n give a webhook the custom data directly; 2.8 only to expressions.
	const direct = (context as { customData?: { get(key: string): unknown } }).customData;
	return direct
		? direct.get(key)
		: context.evaluateExpression(`{{ $execution.customData.get(${JSON.stringify(key)}) }}`);
}
