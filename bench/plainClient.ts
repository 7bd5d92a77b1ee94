/**
 * The baseline: a plain axios client making the same requests as the node, with no n8n in between.
 */
import axios from 'axios';
import { Agent } from 'http';
import type { AxiosInstance } from 'axios';
import type { IDataObject } from 'n8n-workflow';

import type { SandboxEndpoint } from '../sandbox';

/**
 * `reuseConnections: false` opens a connection per request, as n8n's HTTP helper does (it makes a
 * new agent for every request), to tell n8n's transport cost from the node's own.
 */
export async function plainClient(
	sandbox: SandboxEndpoint,
	reuseConnections = true,
): Promise<AxiosInstance> {
	const token = await axios.post(
		`${sandbox.baseUrl}/token/refresh/`,
		{ refresh: sandbox.demo.refreshToken },
		{ headers: { 'x-api-key': sandbox.demo.apiKey } },
	);
	return axios.create({
		baseURL: sandbox.baseUrl,
		headers: {
			'x-api-key': sandbox.demo.apiKey,
			authorization: `Bearer ${token.data.access as string}`,
		},
		httpAgent: reuseConnections ? undefined : new Agent({ keepAlive: false }),
	});
}

/**
 * The creations the Pay node makes for `rows` (bench/nodeRuns.ts), one at a time; `mapped: false`
 * sends fixed amount and description.
 */
export async function plainCreations(
	client: AxiosInstance,
	rows: IDataObject[],
	mapped: boolean,
	keyPrefix: string,
): Promise<void> {
	for (const [index, row] of rows.entries()) {
		await client.post('/pay/', {
			amount: mapped ? row.amount : 1000,
			description: mapped ? row.description : 'fixed',
			expiration_days: 1,
			payment_method_enabled: JSON.stringify({ pse: true, NEQUI: true }),
			payer_redirect_url: 'https://shop.example/thanks',
			callback: 'https://hooks.example/webhook/pay',
			idempotency_key: `${keyPrefix}-${index}-${Date.now()}`,
		});
	}
}
