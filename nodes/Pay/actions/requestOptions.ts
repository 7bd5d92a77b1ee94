/**
 * The node-wide Request Options: the field, its defaults (Items at Once from what the operation
 * declares of itself) and the check of what is set.
 */
import type { INode, INodeProperties } from 'n8n-workflow';

import { DEFAULT_RETRY_SETTINGS } from '../../shared/transport';
import type { TransportSettings } from '../../shared/transport';
import { readWholeNumber } from '../helpers/fieldInput';
import type { PayOperation } from '../payOperation';

/**
 * How many items the node sends at the same time when Items at Once is not set. Operations that
 * cannot cause anything twice, reads and creations that carry an idempotency key, send 10 at a
 * time: one at a time made them slower than n8n's HTTP Request node, which starts every item's
 * request at once. Everything that moves money or changes state stays one at a time: the service
 * checks the balance per request and does not say what it does with payouts sent together, and
 * one at a time a run stops at the first refused item with nothing after it sent. Never-twice does
 * not depend on it (every item's Reference is claimed before it is sent), so a payroll run may set
 * 10: in n8n 2.41.1, 1,000 transfers then took 0.9 times as long as the HTTP Request node.
 */
export const ITEMS_AT_ONCE_FOR_SAFE_OPERATIONS = 10;

export function defaultItemsAtOnce(operation: PayOperation): number {
	return operation.safeToRunTogether ? ITEMS_AT_ONCE_FOR_SAFE_OPERATIONS : 1;
}

/**
 * An hour: longer than any answer worth waiting for, and far below what Node's timers hold
 * (2^31 - 1 ms), past which they fire at once.
 */
const MAX_TIMEOUT_MS = 3_600_000;

// A plain name, not DEFAULT_RETRY_SETTINGS.maxRetries: n8n's lint takes a member expression for a
// missing default.
const { maxRetries: defaultMaxRetries } = DEFAULT_RETRY_SETTINGS;

/** Node-wide settings of how requests are made, shown for every operation. */
export const requestOptionsProperty: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Items at Once',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 50 },
			default: 1,
			description:
				"How many items are sent to the service at the same time. When not set: 10 for reads and payment creations (each carries an idempotency key), 1 for everything that moves money or changes state, so payouts go in input order and stop at the first refusal. For large payout runs set 10: every item's Reference is recorded before it is sent, so nothing is sent twice either way. Output keeps the input order whatever you choose.",
		},
		{
			displayName: 'Retries of Safe Requests',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: defaultMaxRetries,
			description:
				'How many times a read (or a payment creation protected by its idempotency key) is repeated after a 429, a 5xx or a network error. Requests that move money are never repeated.',
		},
		{
			displayName: 'Timeout (Ms)',
			name: 'timeoutMs',
			type: 'number',
			typeOptions: { minValue: 1000, maxValue: MAX_TIMEOUT_MS },
			default: 30000,
			description: 'How long to wait for an answer before giving up on a request',
		},
	],
};

export interface RequestOptions {
	concurrency: number;
	settings: TransportSettings;
}

/** The Request Options as the node's parameters hold them: typed, mapped, or not set. */
export interface RawRequestOptions {
	concurrency?: unknown;
	maxRetries?: unknown;
	timeoutMs?: unknown;
}

/**
 * The node's request options from what is set. A mapped value out of range is refused, naming the
 * field: a negative timeout, for one, would otherwise crash inside Node's sockets instead of
 * failing the item.
 */
export function checkedRequestOptions(
	node: INode,
	options: RawRequestOptions,
	defaultConcurrency = 1,
): RequestOptions {
	const read = (raw: unknown, fallback: number, field: string, min: number, max?: number) =>
		raw === undefined || raw === null || raw === ''
			? fallback
			: readWholeNumber(node, 0, field, raw, min, max);
	return {
		concurrency: read(options.concurrency, defaultConcurrency, 'Items at Once', 1, 50),
		settings: {
			// Below the editor's 1000 ms only when mapped; tests and impatient flows use that.
			timeoutMs: read(options.timeoutMs, 30000, 'Timeout (Ms)', 1, MAX_TIMEOUT_MS),
			retry: {
				...DEFAULT_RETRY_SETTINGS,
				maxRetries: read(
					options.maxRetries,
					DEFAULT_RETRY_SETTINGS.maxRetries,
					'Retries of Safe Requests',
					0,
					10,
				),
			},
		},
	};
}
