/** The baseline: a plain axios client making the same requests as the node, with no n8n in between. */
import axios from 'axios';
import { Agent } from 'http';
import type { AxiosInstance } from 'axios';

import type { SandboxEndpoint } from '../sandbox';

/**
 * `reuseConnections: false` opens a connection per request, as n8n's HTTP helper does (it makes a
 * new agent for every request), to tell n8n's transport cost from the node's own.
 */
export async function plainClient(sandbox: SandboxEndpoint, reuseConnections = true): Promise<AxiosInstance> {
	const token = await axios.post(`${sandbox.baseUrl}/token/refresh/`, { refresh: sandbox.demo.refreshToken }, { headers: { 'x-api-key': sandbox.demo.apiKey } });
	return axios.create({
		baseURL: sandbox.baseUrl,
		headers: { 'x-api-key': sandbox.demo.apiKey, authorization: `Bearer ${token.data.access as string}` },
		httpAgent: reuseConnections ? undefined : new Agent({ keepAlive: false }),
	});
}
