/** The faults of the reliability matrix, as the sandbox's control API injects them. */
import type { Fault } from '../../sandbox';
import {
	errorCode,
	errorMessage,
	errorSentence,
	fieldErrors,
	resultCode,
} from '../../sandbox/failureBodies';

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
	{
		name: 'failure body with 200',
		fault: {
			status: 200,
			body: 'json',
			json: { error: 'No se pudo completar la creación', detail: 'Operación rechazada' },
		},
	},
	// The live service's failure bodies (docs/SERVICE.md, "Failures"), with their statuses and 200.
	{
		name: '{"error": sentence} 403',
		fault: { status: 403, failure: errorSentence('No se pudo crear el pago') },
	},
	{
		name: 'field map 400',
		fault: {
			status: 400,
			failure: fieldErrors({ amount: 'Ensure this value is greater than 0.' }),
		},
	},
	{ name: '{"result": CODE} 403', fault: { status: 403, failure: resultCode('LIMIT_BALANCE') } },
	{
		name: '{"error": true, "msg"} 400',
		fault: { status: 400, failure: errorMessage('unknown payment method') },
	},
	{ name: '{"error": "NOT_FOUND"} 200', fault: { status: 200, failure: errorCode('NOT_FOUND') } },
	{ name: '{"result": "error"} 200', fault: { status: 200, failure: resultCode('error') } },
	{
		name: 'field map 200',
		fault: {
			status: 200,
			failure: fieldErrors({ amount: 'Ensure this value is greater than 0.' }),
		},
	},
	// Nothing listens there; were the redirect followed, the request would fail
	// differently (and carry the key).
	{
		name: 'redirect to another host',
		fault: { status: 307, location: 'http://127.0.0.1:9/elsewhere' },
	},
	{ name: 'expired token', expireTokens: true },
];
