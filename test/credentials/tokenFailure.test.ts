/**
 * The credential's token fetch fails as an n8n API error (`NodeApiError`): its message in the
 * service's words with the HTTP status and the field to check, never a key or a token, whatever
 * shape the service's failure body has; n8n wrapping it again keeps the message. Through n8n's
 * engine, a Pay node whose refresh token is refused fails with those words and sends nothing else.
 */
import { NodeApiError } from 'n8n-workflow';
import type { IHttpRequestHelper } from 'n8n-workflow';

import { PayApi } from '../../credentials/PayApi.credentials';
import type { Sandbox } from '../../sandbox';
import { runPayNode } from '../harness/runWorkflow';
import { sandboxCredentials } from '../harness/sandboxCredentials';
import { useSandboxPerFile } from '../harness/sandboxPerFile';
import { runDataText } from '../harness/secretScan';

const credential = new PayApi();
const API_KEY = 'api-key-0123456789';
const REFRESH = 'refresh-0123456789';
const credentials = {
	baseUrl: 'http://127.0.0.1:4010',
	apiKey: API_KEY,
	authMethod: 'refreshToken',
	refreshToken: REFRESH,
	sessionToken: '',
};

/**
 * The token request answered with this status and body, as n8n's client reports it (headers and
 * all).
 */
async function failureFor(status: number, data: unknown): Promise<NodeApiError> {
	const helper = {
		helpers: {
			httpRequest: async () => {
				throw Object.assign(new Error(`Request failed with status code ${status}`), {
					config: { headers: { 'x-api-key': API_KEY }, data: JSON.stringify({ refresh: REFRESH }) },
					response: { status, data, headers: {} },
				});
			},
		},
	} as unknown as IHttpRequestHelper;
	return await credential.preAuthentication
		.call(helper, credentials)
		.then(() => Promise.reject(new Error('the token fetch succeeded')))
		.catch((error: NodeApiError) => error);
}

const everything = (error: Error) => JSON.stringify(error, Object.getOwnPropertyNames(error));

describe("the credential's token fetch fails as a NodeApiError in the service's words", () => {
	it.each([
		[
			'the spec: {error, detail}',
			401,
			{ error: 'No se pudo completar la creación', detail: 'Token is invalid or expired' },
			'Could not obtain an access token (HTTP 401: Token is invalid or expired). Check the API key and the refresh token.',
			'The service said: No se pudo completar la creación — Token is invalid or expired',
		],
		[
			'a sentence alone',
			403,
			{ error: 'La llave de API no es válida' },
			'Could not obtain an access token (HTTP 403: La llave de API no es válida). Check the API key and the refresh token.',
			'The service said: La llave de API no es válida',
		],
		[
			'a code',
			403,
			{ result: 'INVALID_TOKEN' },
			'Could not obtain an access token (HTTP 403: INVALID_TOKEN). Check the API key and the refresh token.',
			'The service said: INVALID_TOKEN',
		],
		[
			'a field map',
			400,
			{ refresh: ['This field may not be blank.'] },
			'Could not obtain an access token (HTTP 400: refresh: This field may not be blank.). Check the API key and the refresh token.',
			'The service said: refresh: This field may not be blank.',
		],
		[
			'its JSON encoded twice',
			401,
			JSON.stringify(JSON.stringify({ detail: 'Token is invalid or expired' })),
			'Could not obtain an access token (HTTP 401: Token is invalid or expired). Check the API key and the refresh token.',
			'The service said: Token is invalid or expired',
		],
		[
			'a busy service',
			503,
			{ msg: 'Mantenimiento' },
			'Could not obtain an access token: the service is failing or busy (HTTP 503: Mantenimiento). Try again later.',
			'The service said: Mantenimiento',
		],
	])('%s (HTTP %i)', async (_shape, status, body, message, description) => {
		const error = await failureFor(status, body);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(message);
		expect(error.description).toBe(description);
		expect(error.httpCode).toBeNull();
		expect(everything(error)).not.toContain(API_KEY);
		expect(everything(error)).not.toContain(REFRESH);
	});

	it("n8n's own copy of NodeApiError wrapping it again (an installed package's class is another) keeps its message and description", async () => {
		const error = await failureFor(401, { detail: 'Token is invalid or expired' });
		let OtherNodeApiError: typeof NodeApiError | undefined;
		jest.isolateModules(() => {
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			OtherNodeApiError = (require('n8n-workflow') as { NodeApiError: typeof NodeApiError })
				.NodeApiError;
		});
		expect(OtherNodeApiError).not.toBe(NodeApiError);
		// What n8n-core does with an error from preAuthentication: `new NodeApiError(this.getNode(),
		// error)`.
		const wrapped = new OtherNodeApiError!({ name: 'Pay' } as never, error as never);
		expect(wrapped.message).toBe(error.message);
		expect(wrapped.description).toBe(error.description);
		expect(wrapped.messages).toContain(error.message);
	});

	it('a service that echoes the refresh token or the API key has them hidden', async () => {
		const error = await failureFor(401, {
			detail: `Refresh token ${REFRESH} is invalid for key ${API_KEY}`,
		});
		expect(error.message).toBe(
			'Could not obtain an access token (HTTP 401: Refresh token *** is invalid for key ***). Check the API key and the refresh token.',
		);
		expect(everything(error)).not.toContain(API_KEY);
		expect(everything(error)).not.toContain(REFRESH);
	});

	it('an answer without words says what to check, and a connection failure keeps its code', async () => {
		expect((await failureFor(400, '<html>no</html>')).message).toBe(
			'Could not obtain an access token (HTTP 400). Check the API key and the refresh token.',
		);
		const helper = {
			helpers: {
				httpRequest: async () => {
					throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4010'), {
						code: 'ECONNREFUSED',
					});
				},
			},
		} as unknown as IHttpRequestHelper;
		const unreachable = await credential.preAuthentication
			.call(helper, credentials)
			.catch((error: NodeApiError) => error);
		expect(unreachable).toBeInstanceOf(NodeApiError);
		expect((unreachable as NodeApiError).message).toBe(
			'Could not reach the service to obtain an access token (ECONNREFUSED). Check the Base URL.',
		);
	});
});

describe('in a workflow', () => {
	let sandbox: Sandbox;
	useSandboxPerFile((started) => (sandbox = started));

	it("a refused refresh token fails the Pay node with the service's words, and nothing is sent", async () => {
		const wrongRefresh = 'wrong-refresh-token-0123456789';
		const { error, run } = await runPayNode({
			typeVersion: 2,
			parameters: { resource: 'card', operation: 'getAll' },
			credentials: sandboxCredentials(sandbox, sandbox.demo, { refreshToken: wrongRefresh }),
		});
		expect(error).toMatchObject({
			name: 'NodeApiError',
			// What the node was doing, then the credential's words (issue 55, point 4).
			message:
				'Reading the card list: could not obtain an access token (HTTP 401: Token is invalid or expired). Check the API key and the refresh token.',
		});
		expect(await sandbox.control.count('GET /list_tc/')).toBe(0);
		const text = runDataText(run);
		for (const secret of [wrongRefresh, sandbox.demo.apiKey]) expect(text).not.toContain(secret);
	});
});
