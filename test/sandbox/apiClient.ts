/**
 * A plain HTTP client of the sandbox for its own tests: logs in as an account and returns raw
 * answers.
 */
import axios from 'axios';
import { constants, publicEncrypt } from 'crypto';
import type { AxiosResponse, Method } from 'axios';

import { startSandbox } from '../../sandbox';
import type {
	Sandbox,
	SandboxAccountCredentials,
	SandboxEndpoint,
	SandboxOptions,
} from '../../sandbox';

export interface ApiClient {
	call(
		method: Method,
		path: string,
		body?: unknown,
		options?: { headers?: Record<string, string>; params?: Record<string, string> },
	): Promise<AxiosResponse>;
	accessToken: string;
}

export async function login(
	sandbox: SandboxEndpoint,
	account: SandboxAccountCredentials = sandbox.demo,
): Promise<ApiClient> {
	const token = await axios.post(
		`${sandbox.baseUrl}/token/refresh/`,
		{ refresh: account.refreshToken },
		{ headers: { 'x-api-key': account.apiKey } },
	);
	const accessToken = token.data.access as string;
	return {
		accessToken,
		call: async (method, path, body, options = {}) =>
			await axios.request({
				method,
				url: `${sandbox.baseUrl}${path}`,
				data: body,
				params: options.params,
				headers: {
					'x-api-key': account.apiKey,
					authorization: `Bearer ${accessToken}`,
					...options.headers,
				},
				validateStatus: () => true,
			}),
	};
}

/**
 * The sandbox's life in its own tests: started once with `options`, reset before every test (then
 * `prepare`), and handed over with a freshly logged-in client of the demo account.
 */
export function useSandboxWithDemoClient(
	options: Partial<SandboxOptions>,
	onReady: (sandbox: Sandbox, demo: ApiClient) => void,
	prepare?: (sandbox: Sandbox) => Promise<unknown>,
): void {
	let started: Sandbox | undefined;
	beforeAll(async () => {
		started = await startSandbox({ port: 0, ...options });
	});
	afterAll(async () => await started?.close());
	beforeEach(async () => {
		if (!started) return;
		await started.control.reset();
		await prepare?.(started);
		onReady(started, await login(started));
	});
}

/** The body of a checkout answer, decoded however many times it was encoded. */
export function decoded(data: unknown): unknown {
	let value = data;
	while (typeof value === 'string') value = JSON.parse(value);
	return value;
}

export const PSE_METHODS = JSON.stringify({
	pse: true,
	daviplata: true,
	breb: true,
	NEQUI: true,
	credit_card: true,
});

export async function createPayment(
	client: ApiClient,
	fields: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
	const response = await client.call('POST', '/pay/', {
		amount: 50000,
		description: 'Invoice 1',
		expiration_days: 3,
		payment_method_enabled: PSE_METHODS,
		payer_redirect_url: 'https://shop.example/thanks',
		callback: 'https://shop.example/callback',
		...fields,
	});
	if (response.status !== 201)
		throw new Error(`creation failed: ${response.status} ${JSON.stringify(response.data)}`);
	return response.data;
}

/**
 * A card saved as a real client saves it: number, holder and expiry RSA-encrypted (PKCS#1 v1.5, the
 * sandbox's default); its id.
 */
export async function registerCardWithApi(
	client: ApiClient,
	number: string,
	holder: string,
	expiry = '12/30',
): Promise<string> {
	const key = (await client.call('GET', '/base/get_constants_key_public/')).data.data
		.text_long_value as string;
	const encrypt = (text: string) =>
		publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text)).toString(
			'base64',
		);
	const response = await client.call('POST', '/register_tc/', {
		number_card: encrypt(number.replace(/\s/g, '')),
		name_card: encrypt(holder),
		date_expiration: encrypt(expiry),
		bank: 'banco',
		country: 'Colombia',
	});
	if (response.status !== 201)
		throw new Error(`registration failed: ${response.status} ${JSON.stringify(response.data)}`);
	return (response.data.card_id ?? response.data.uuid) as string;
}
