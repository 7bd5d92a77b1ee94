/** The faults of the reliability matrix, as the sandbox's control API injects them. */
import type { Fault } from '../../sandbox';

export interface MatrixFault {
	name: string;
	/** The fault for the operation's route; `expireTokens` instead expires the access token first. */
	fault?: Omit<Fault, 'route'>;
	expireTokens?: boolean;
}

export const MATRIX_FAULTS: MatrixFault[] = [
	{ name: '500', fault: { status: 500 } },
	{ name: '502 after processing', fault: { status: 502, afterProcessing: true } },
	{ name: '503 + Retry-After', fault: { status: 503, retryAfter: 1 } },
	{ name: '429 + Retry-After', fault: { status: 429, retryAfter: 1 } },
	{ name: 'timeout', fault: { latencyMs: 1200 } },
	{ name: 'reset before processing', fault: { reset: 'before' } },
	{ name: 'reset after processing', fault: { reset: 'after' } },
	{ name: 'HTML body', fault: { body: 'html' } },
	{ name: 'malformed JSON', fault: { body: 'malformed' } },
	{ name: 'empty body', fault: { body: 'empty' } },
	{ name: 'double-encoded JSON', fault: { body: 'json-string' } },
	{ name: 'failure body with 200', fault: { status: 200, body: 'json', json: { error: 'No se pudo completar la creación', detail: 'Operación rechazada' } } },
	// Nothing listens there; were the redirect followed, the request would fail differently (and carry the key).
	{ name: 'redirect to another host', fault: { status: 307, location: 'http://127.0.0.1:9/elsewhere' } },
	{ name: 'expired token', expireTokens: true },
];
