/**
 * Through the transport (payApiRequest), with a service that echoes the credential's secrets in
 * generated forms in every part of its answer: the answer, its failure bodies (the service's
 * words, a code in `result` or `error`, a field map, an HTML page cut short), a redirect. Nothing
 * of a secret reaches the value returned or any part of the error thrown.
 */
import fc from 'fast-check';
import type { ICredentialDataDecryptedObject, IExecuteFunctions } from 'n8n-workflow';

import { payApiRequest } from '../../../../nodes/shared/transport/request/request';
import { DEFAULT_TRANSPORT_SETTINGS } from '../../../../nodes/shared/transport/terms/requestTypes';
import { payNode } from '../../../harness/payNode';
import { secret as generatedSecret } from '../../../harness/secretArbitrary';

const node = payNode();
const settings = {
	...DEFAULT_TRANSPORT_SETTINGS,
	retry: { ...DEFAULT_TRANSPORT_SETTINGS.retry, maxRetries: 0 },
};

function answering(statusCode: number, body: unknown, headers: Record<string, string> = {}) {
	return {
		getNode: () => node,
		helpers: {
			httpRequestWithAuthentication: async () => ({ statusCode, headers, body }),
		},
	} as unknown as IExecuteFunctions;
}

async function outcome(context: IExecuteFunctions, credentials: ICredentialDataDecryptedObject) {
	try {
		return JSON.stringify(
			await payApiRequest.call(
				context,
				{
					method: 'GET',
					path: '/pay_detail/abc',
					safety: 'read',
					action: 'reading abc',
					credentials,
					node,
				},
				settings,
			),
		);
	} catch (error) {
		const { message, description, context: facts } = error as Record<string, unknown>;
		return JSON.stringify({ message, description, facts, error });
	}
}

/** Forms a service or a proxy echoes a value in. */
const echoOf = (secret: string, form: number) =>
	[
		secret,
		secret.toUpperCase(),
		encodeURIComponent(secret),
		new URLSearchParams({ t: secret }).toString().slice(2),
		encodeURIComponent(encodeURIComponent(secret)).toLowerCase(),
		secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;'),
		JSON.stringify(secret).slice(1, -1).replace(/\//g, '\\/'),
	][form % 7];

/** Where it comes back: each answer shape the service has, with the echo in it. */
const answers = (echo: string): Array<[number, unknown, Record<string, string>?]> => [
	[200, { url: 'abc', callback: `https://hooks.example/pay?token=${echo}`, [echo]: 1 }],
	[200, { result: echo }],
	[200, { error: echo }],
	[400, { error: 'No se pudo completar la creación', detail: `token ${echo} inválido` }],
	[400, { [echo]: [`${echo} is not valid`] }],
	[403, { result: 'NOT_ALLOWED', error: echo, payment_method: echo }],
	[400, { error: true, msg: echo }],
	[502, `<html><body><h1>Bad gateway</h1><p>upstream said: ${echo}</p></body></html>`],
	[404, `${'x'.repeat(100)} ${echo}`],
	[200, JSON.stringify(JSON.stringify({ callback: echo }))],
	[302, '', { location: `https://elsewhere.example/?token=${echo}` }],
];

describe('secrets echoed anywhere in what the service answers', () => {
	it('never reach the answer or the error, whatever field, form or failure shape', async () => {
		await fc.assert(
			fc.asyncProperty(
				generatedSecret,
				fc.constantFrom('apiKey', 'refreshToken', 'callbackSecret', 'sessionToken'),
				fc.nat(),
				fc.nat(),
				async (secret, field, form, shape) => {
					const credentials = {
						baseUrl: 'https://pay.example',
						apiKey: 'api-key-0123456789',
						refreshToken: 'refresh-token-0123456789',
						callbackSecret: 'callback-secret-0123456789',
						sessionToken: 'session-token-0123456789',
						[field]: secret,
					};
					const echo = echoOf(secret, form);
					const all = answers(echo);
					const [status, body, headers] = all[shape % all.length];
					const seen = await outcome(answering(status, body, headers), credentials);
					for (const text of [secret, echo, encodeURIComponent(secret)])
						expect(seen).not.toContain(JSON.stringify(text).slice(1, -1));
					expect(seen.toLowerCase()).not.toContain(secret.toLowerCase());
				},
			),
			{ numRuns: 150 },
		);
	});

	it('refuses a typed secret too short to mask, naming the field and saying why, before sending', async () => {
		let sent = 0;
		const context = {
			getNode: () => node,
			helpers: {
				httpRequestWithAuthentication: async () => (
					sent++,
					{ statusCode: 200, headers: {}, body: {} }
				),
			},
		} as unknown as IExecuteFunctions;
		for (const length of [1, 4, 7]) {
			const credentials = {
				baseUrl: 'https://pay.example',
				apiKey: 'api-key-0123456789',
				callbackSecret: 'x'.repeat(length),
			};
			await expect(
				payApiRequest.call(context, {
					method: 'GET',
					path: '/send/',
					safety: 'read',
					action: 'reading',
					credentials,
					node,
				}),
			).rejects.toMatchObject({
				message: expect.stringMatching(
					new RegExp(
						`^The credential's Callback Secret has ${length} characters: at least 8 are needed\\. The node masks`,
					),
				),
				context: expect.objectContaining({ outcome: 'not_sent' }),
			});
		}
		expect(sent).toBe(0);
	});
});
