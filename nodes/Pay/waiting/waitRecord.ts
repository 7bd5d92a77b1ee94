/**
 * What a waiting execution waits for, kept in n8n's own record of the execution (its custom data,
 * saved with it and read back when a callback arrives, in any process): the slugs of the links, or
 * the id of the withdrawal, in item order. Payment → Get Links Waited For reads it after the Wait
 * Limit (n8n 2.41's expressions cannot: `$execution.customData` is null there).
 */
import type { IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';

export type WaitKind = 'payment' | 'withdrawal';

export const WAIT_RECORD_KEYS: Record<WaitKind, string> = {
	payment: 'pay_waiting_links',
	withdrawal: 'pay_waiting_withdrawal',
};

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
export function recordWait(context: IExecuteFunctions, kind: WaitKind, ids: string[]): boolean {
	const value = ids.join(SEPARATOR);
	if (value.length > MAX_RECORD_LENGTH) return false;
	const customData = customDataOfRun(context);
	customData.set(WAIT_RECORD_KEYS[kind], value);
	return customData.get(WAIT_RECORD_KEYS[kind]) === value;
}

/** What an earlier wait of this execution recorded, read by a node running after it. */
export function readWaitInRun(context: IExecuteFunctions, kind: WaitKind): string[] {
	return idsOf(customDataOfRun(context).get(WAIT_RECORD_KEYS[kind]));
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

/** The ids a waiting execution waits for, in item order ('' where an item has none). */
export function readWait(context: IWebhookFunctions, kind: WaitKind): string[] {
	const key = WAIT_RECORD_KEYS[kind];
	// Newer n8n give a webhook the custom data directly; 2.8 only to expressions.
	const direct = (context as { customData?: { get(key: string): unknown } }).customData;
	const value = direct
		? direct.get(key)
		: context.evaluateExpression(`{{ $execution.customData.get(${JSON.stringify(key)}) }}`);
	return idsOf(value);
}
