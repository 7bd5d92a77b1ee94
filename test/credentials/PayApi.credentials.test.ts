import type { IHttpRequestHelper, IHttpRequestOptions } from 'n8n-workflow';

import { PayApi } from '../../credentials/PayApi.credentials';

const credential = new PayApi();

function helperAnswering(answer: (options: IHttpRequestOptions) => unknown) {
	const calls: IHttpRequestOptions[] = [];
	const helper = {
		helpers: {
			httpRequest: async (options: IHttpRequestOptions) => {
				calls.push(options);
				return answer(options);
			},
		},
	} as unknown as IHttpRequestHelper;
	return { helper, calls };
}

const refreshCredentials = {
	baseUrl: 'http://127.0.0.1:4010/',
	apiKey: 'api-key-0123456789',
	authMethod: 'refreshToken',
	refreshToken: 'refresh-0123456789',
	sessionToken: '',
};

describe('PayApi credential', () => {
	it('has the fields users need, with the refresh-token method by default and the session token hidden and expirable', () => {
		const names = credential.properties.map((property) => property.name);
		expect(names).toEqual([
			'sessionToken',
			'baseUrl',
			'apiKey',
			'authMethod',
			'refreshToken',
			'accessToken',
			'pageBaseUrl',
			'callbackSecret',
		]);
		const session = credential.properties[0];
		expect(session.type).toBe('hidden');
		expect(session.typeOptions?.expirable).toBe(true);
		expect(credential.properties.find((property) => property.name === 'authMethod')?.default).toBe(
			'refreshToken',
		);
		for (const secret of ['apiKey', 'refreshToken', 'accessToken', 'callbackSecret']) {
			expect(
				credential.properties.find((property) => property.name === secret)?.typeOptions?.password,
			).toBe(true);
		}
	});

	it('obtains the access token from POST /token/refresh/ with the API key header and the refresh token', async () => {
		const { helper, calls } = helperAnswering(() => ({ access: 'access-abcdef' }));
		await expect(credential.preAuthentication.call(helper, refreshCredentials)).resolves.toEqual({
			sessionToken: 'access-abcdef',
		});
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({
			method: 'POST',
			url: 'http://127.0.0.1:4010/token/refresh/',
			headers: { 'x-api-key': 'api-key-0123456789' },
			body: { refresh: 'refresh-0123456789' },
		});
	});

	it('reads a double-encoded refresh answer', async () => {
		const { helper } = helperAnswering(() =>
			JSON.stringify(JSON.stringify({ access: 'access-xyz123' })),
		);
		await expect(credential.preAuthentication.call(helper, refreshCredentials)).resolves.toEqual({
			sessionToken: 'access-xyz123',
		});
	});

	it('uses the pasted access token as it is with the access-token method, without calling the service', async () => {
		const { helper, calls } = helperAnswering(() => {
			throw new Error('must not be called');
		});
		const result = await credential.preAuthentication.call(helper, {
			...refreshCredentials,
			authMethod: 'accessToken',
			accessToken: 'pasted-123456',
		});
		expect(result).toEqual({ sessionToken: 'pasted-123456' });
		expect(calls).toHaveLength(0);
	});

	it('explains a refused refresh without repeating the key or the tokens', async () => {
		const { helper } = helperAnswering(() => {
			throw Object.assign(new Error('Request failed'), {
				response: { status: 401, data: { error: 'x', detail: 'Refresh token invalid or expired' } },
				config: {
					headers: { 'x-api-key': 'api-key-0123456789' },
					data: '{"refresh":"refresh-0123456789"}',
				},
			});
		});
		const failure = credential.preAuthentication.call(helper, refreshCredentials);
		await expect(failure).rejects.toThrow(
			'Could not obtain an access token (HTTP 401: Refresh token invalid or expired). Check the API key and the refresh token.',
		);
		const error = await failure.catch((caught: Error) => caught);
		const everything = JSON.stringify(error, Object.getOwnPropertyNames(error));
		expect(everything).not.toContain('api-key-0123456789');
		expect(everything).not.toContain('refresh-0123456789');
	});

	it('says when the service cannot be reached', async () => {
		const { helper } = helperAnswering(() => {
			throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
		});
		await expect(credential.preAuthentication.call(helper, refreshCredentials)).rejects.toThrow(
			'Could not reach the service to obtain an access token (ECONNREFUSED). Check the Base URL.',
		);
	});

	it.each([
		[
			404,
			'Could not obtain an access token: the Base URL has no token endpoint (POST /token/refresh/ answered HTTP 404). Check the Base URL.',
		],
		[
			405,
			'Could not obtain an access token: the Base URL has no token endpoint (POST /token/refresh/ answered HTTP 405). Check the Base URL.',
		],
		[
			503,
			'Could not obtain an access token: the service is failing or busy (HTTP 503). Try again later.',
		],
		[
			429,
			'Could not obtain an access token: the service is failing or busy (HTTP 429). Try again later.',
		],
		[400, 'Could not obtain an access token (HTTP 400). Check the API key and the refresh token.'],
	])('names the field to check when the token request answers HTTP %i', async (status, message) => {
		const { helper } = helperAnswering(() => {
			throw Object.assign(new Error('Request failed'), {
				response: { status, data: '<html>not here</html>' },
			});
		});
		await expect(credential.preAuthentication.call(helper, refreshCredentials)).rejects.toThrow(
			message,
		);
	});

	it('points at the Base URL when what answers is not the service (an HTML page)', async () => {
		const { helper } = helperAnswering(() => '<!DOCTYPE html><html><body>Welcome</body></html>');
		await expect(credential.preAuthentication.call(helper, refreshCredentials)).rejects.toThrow(
			"Could not obtain an access token: the Base URL answered with something other than the service's JSON. Check the Base URL.",
		);
	});

	it('refuses an answer without an access token', async () => {
		const { helper } = helperAnswering(() => ({ refresh: 'nope' }));
		await expect(credential.preAuthentication.call(helper, refreshCredentials)).rejects.toThrow(
			/did not return an access token/,
		);
	});

	it("sends both headers on every request, keeping the request's own headers", async () => {
		const options = await credential.authenticate(
			{ ...refreshCredentials, sessionToken: 'access-123456' },
			{ url: 'http://x/send/', headers: { 'content-type': 'application/json' } },
		);
		expect(options.headers).toEqual({
			'content-type': 'application/json',
			'x-api-key': 'api-key-0123456789',
			Authorization: 'Bearer access-123456',
		});
		expect(options.url).toBe('http://x/send/');
	});

	it('tests itself with a cheap authenticated read', () => {
		expect(credential.test.request).toMatchObject({ method: 'GET', url: '/send/' });
	});
});
