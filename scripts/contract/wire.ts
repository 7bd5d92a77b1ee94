/**
 * One request to the service, read as it came: the status, how many times the body was encoded as
 * JSON (the node's own peeling, jsonLayers.ts), and the value inside. Nothing of the request's
 * headers is ever kept or printed.
 */
import { peelJson } from '../../nodes/shared/jsonLayers';
import { refuseMoneyMovement } from './moneyRoutes';

export interface WireRequest {
	method: 'GET' | 'POST' | 'DELETE';
	path: string;
	body?: unknown;
}

export type WireAnswer =
	| { reached: true; status: number; readable: true; layers: number; value: unknown }
	| { reached: true; status: number; readable: false }
	| { reached: false; why: string };

const TIMEOUT_MS = 30_000;
const MAX_LAYERS = 4;

export async function send(
	baseUrl: string,
	request: WireRequest,
	headers: Record<string, string>,
): Promise<WireAnswer> {
	refuseMoneyMovement(request.method, request.path, request.body);
	let response: Response;
	try {
		response = await fetch(`${baseUrl}${request.path}`, {
			method: request.method,
			headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
			body: request.body === undefined ? undefined : JSON.stringify(request.body),
			redirect: 'manual',
			signal: AbortSignal.timeout(TIMEOUT_MS),
		});
	} catch (error) {
		// A fetch error names the host and the cause only (no header of the request).
		const cause = (error as { cause?: { code?: string } }).cause?.code;
		return { reached: false, why: cause ?? (error as Error).name };
	}
	const text = await response.text();
	if (text.trim() === '')
		return { reached: true, status: response.status, readable: true, layers: 0, value: {} };
	const peeled = peelJson(text, MAX_LAYERS);
	if (!peeled.ok) return { reached: true, status: response.status, readable: false };
	return {
		reached: true,
		status: response.status,
		readable: true,
		layers: peeled.layers,
		value: peeled.value,
	};
}
