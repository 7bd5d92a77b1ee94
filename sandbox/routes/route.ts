/** The shape of a sandbox route: method, path pattern, how it authenticates, and its handler. */
import type { SandboxRequest } from '../http';
import { ServiceError } from '../http';
import type { Account } from '../model';
import type { SandboxState } from '../state';

/**
 * `apiKeyAndBearer`: both headers (most endpoints); `bearer`: the bearer token is enough, an API
 * key if sent must match (transfers, verification, withdrawals, as the spec also shows them);
 * `apiKey`: the refresh endpoint; `none`: the control API.
 */
export type AuthMode = 'apiKeyAndBearer' | 'bearer' | 'apiKey' | 'none';

export interface RouteContext {
	state: SandboxState;
	request: SandboxRequest;
	params: Record<string, string>;
	/** The authenticated account (absent for `none` routes). */
	account?: Account;
}

export interface RouteAnswer {
	status?: number;
	body: unknown;
	/** Send the JSON text of the body as a JSON string (the service does this for checkout). */
	doubleEncode?: boolean;
}

export interface Route {
	method: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT';
	/** Path with `{name}` segments, as counters and faults name it: "/pay_detail/{url}". */
	pattern: string;
	auth: AuthMode;
	handle(context: RouteContext): RouteAnswer | Promise<RouteAnswer>;
}

/** The caller of an authenticated route. */
export function caller(context: RouteContext): Account {
	if (!context.account)
		throw new ServiceError(401, 'Authentication credentials were not provided.');
	return context.account;
}
