import type { IN8nHttpFullResponse } from 'n8n-workflow';

import { decodeBody, excerpt } from './decodeBody';
import { httpFailure, isServiceFailureBody, redirectFailure } from './failure';
import type { RequestFailure } from './failure';

export type AttemptResult = { ok: true; value: unknown } | { ok: false; failure: RequestFailure };

/** A readable success that is not the service's failure body, decoded; else what went wrong. */
export function readResponse(response: IN8nHttpFullResponse): AttemptResult {
	const headers = response.headers as Record<string, unknown>;
	if (response.statusCode >= 400)
		return { ok: false, failure: httpFailure(response.statusCode, response.body, headers) };
	if (response.statusCode >= 300)
		return { ok: false, failure: redirectFailure(response.statusCode, headers) };
	const decoded = decodeBody(response.body);
	if (!decoded.readable)
		return {
			ok: false,
			failure: {
				kind: 'unreadable',
				status: response.statusCode,
				bodyExcerpt: excerpt(decoded.text),
			},
		};
	if (isServiceFailureBody(decoded.value))
		return { ok: false, failure: httpFailure(response.statusCode, decoded.value, headers) };
	return { ok: true, value: decoded.value };
}
