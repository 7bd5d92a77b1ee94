import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { DEFAULT_RETRY_SETTINGS } from './transport/retryPolicy';
import type { TransportSettings } from './transport/request';

/** Node-wide settings of how requests are made, shown for every operation. */
export const requestOptionsProperty: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options: [
		{
			displayName: 'Items at Once',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 50 },
			default: 1,
			description:
				'How many items are sent to the service at the same time. Output keeps the input order whatever you choose.',
		},
		{
			displayName: 'Retries of Safe Requests',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: DEFAULT_RETRY_SETTINGS.maxRetries,
			description:
				'How many times a read (or a payment creation protected by its idempotency key) is repeated after a 429, a 5xx or a network error. Requests that move money are never repeated.',
		},
		{
			displayName: 'Timeout (Ms)',
			name: 'timeoutMs',
			type: 'number',
			typeOptions: { minValue: 1000 },
			default: 30000,
			description: 'How long to wait for an answer before giving up on a request',
		},
	],
};

export interface RequestOptions {
	concurrency: number;
	settings: TransportSettings;
}

export function readRequestOptions(context: IExecuteFunctions): RequestOptions {
	const options = context.getNodeParameter('requestOptions', 0, {}) as {
		concurrency?: number;
		maxRetries?: number;
		timeoutMs?: number;
	};
	return {
		concurrency: options.concurrency ?? 1,
		settings: {
			timeoutMs: options.timeoutMs ?? 30000,
			retry: { ...DEFAULT_RETRY_SETTINGS, maxRetries: options.maxRetries ?? DEFAULT_RETRY_SETTINGS.maxRetries },
		},
	};
}
