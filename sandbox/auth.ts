/**
 * Who is calling: `x-api-key` and `Authorization: Bearer <access token>`,
 * checked as the service does.
 */
import { ServiceError } from './http';
import type { SandboxRequest } from './http';
import type { Account } from './model';
import type { AuthMode } from './routes/route';
import type { SandboxState } from './state';

const unauthorized = (detail: string) => new ServiceError(401, detail);

export function authenticate(
	state: SandboxState,
	request: SandboxRequest,
	mode: AuthMode,
): Account | undefined {
	if (mode === 'none') return undefined;
	const apiKey = header(request, 'x-api-key');
	const keyAccount = apiKey
		? [...state.accounts.values()].find((account) => account.apiKey === apiKey)
		: undefined;
	if (apiKey && !keyAccount) throw unauthorized('Invalid API key');
	if (mode === 'apiKey') {
		if (!keyAccount) throw unauthorized('The x-api-key header is required');
		return keyAccount;
	}
	const bearer = /^Bearer\s+(\S+)$/i.exec(header(request, 'authorization') ?? '')?.[1];
	if (!bearer) throw unauthorized('Authentication credentials were not provided.');
	const token = state.accessTokens.get(bearer);
	if (!token) throw unauthorized('Given token not valid for any token type');
	if (token.expiresAt <= Date.now()) throw unauthorized('Token is invalid or expired');
	const account = state.accounts.get(token.username);
	if (!account) throw unauthorized('Given token not valid for any token type');
	if (mode === 'apiKeyAndBearer' && !keyAccount)
		throw unauthorized('The x-api-key header is required');
	if (keyAccount && keyAccount !== account)
		throw unauthorized('The API key and the access token belong to different accounts');
	return account;
}

function header(request: SandboxRequest, name: string): string | undefined {
	const value = request.headers[name];
	return Array.isArray(value) ? value[0] : value;
}
