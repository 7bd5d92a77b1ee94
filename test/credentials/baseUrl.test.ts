/**
 * The Base URL as users paste it (issue 55, point 8): spaces, trailing slashes and a path prefix
 * are handled; a user name or password in it (which n8n's client, axios, would send as Basic
 * authentication in place of the access token), a query, a fragment, another scheme or no scheme
 * are refused naming the Base URL, before anything is sent, and the refusal never shows the
 * password. Through the credential: its token refresh and every request it authenticates.
 */
import fc from 'fast-check';
import type { IHttpRequestHelper } from 'n8n-workflow';

import { readBaseUrl } from '../../credentials/baseUrl';
import { PayApi } from '../../credentials/PayApi.credentials';

const PASSWORD = 'pa55-w0rd-never-shown';

describe('the Base URL as pasted', () => {
	it.each([
		['  https://api.pay.example/  ', 'https://api.pay.example'],
		['https://api.pay.example//', 'https://api.pay.example'],
		['https://proxy.example/pay/api/', 'https://proxy.example/pay/api'],
		['https://proxy.example//pay//api', 'https://proxy.example/pay/api'],
		['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
	])('handles %j as %j', (pasted, used) => {
		expect(readBaseUrl(pasted)).toEqual({ ok: true, url: used });
	});

	it.each([
		[`https://user:${PASSWORD}@api.pay.example`, /user name or password.*api\.pay\.example/],
		['https://user@api.pay.example/', /user name or password/],
		['https://api.pay.example/?env=sandbox', /has a query/],
		['https://api.pay.example/#/dashboard', /has a fragment/],
		['api.pay.example', /starts with neither https:\/\/ nor http:\/\//],
		['ftp://api.pay.example', /starts with neither https:\/\/ nor http:\/\//],
		['https://api .pay.example', /is not a web address/],
		['', /is empty/],
		[42, /is empty/],
	])('refuses %j naming the Base URL', (pasted, words) => {
		const reading = readBaseUrl(pasted);
		expect(reading.ok).toBe(false);
		const problem = (reading as { problem: string }).problem;
		expect(problem).toMatch(/^Base URL: /);
		expect(problem).toMatch(words);
		expect(problem).not.toContain(PASSWORD);
	});

	it('any URL either comes out plain (no user, password, query or fragment, its origin kept) or is refused naming the Base URL', () => {
		const pasted = fc.oneof(
			fc.webUrl({
				withQueryParameters: true,
				withFragments: true,
				authoritySettings: { withUserInfo: true },
			}),
			fc
				.tuple(fc.webUrl(), fc.constantFrom(' ', '/', '//', '?', '#', '@', ':@'))
				.map(([url, tail]) => `${url}${tail}`),
			fc.string(),
		);
		fc.assert(
			fc.property(pasted, (text) => {
				const reading = readBaseUrl(text);
				if (!reading.ok) {
					expect(reading.problem.startsWith('Base URL: ')).toBe(true);
					return;
				}
				const url = new URL(reading.url);
				expect([url.username, url.password, url.search, url.hash]).toEqual(['', '', '', '']);
				expect(['http:', 'https:']).toContain(url.protocol);
				expect(reading.url).toBe(reading.url.replace(/\/+$/, ''));
				expect(url.origin).toBe(new URL(text.trim()).origin);
			}),
			{ numRuns: 100 },
		);
	});
});

describe('the credential never lets another authentication go', () => {
	const credential = new PayApi();
	const withUser = {
		baseUrl: `https://user:${PASSWORD}@api.pay.example`,
		apiKey: 'api-key-0123456789',
		authMethod: 'refreshToken',
		refreshToken: 'refresh-0123456789',
		sessionToken: 'token-0123456789',
	};

	it('refuses to fetch a token with it, naming the Base URL, and sends nothing', async () => {
		const sent: unknown[] = [];
		const helper = {
			helpers: { httpRequest: async (options: unknown) => sent.push(options) },
		} as unknown as IHttpRequestHelper;
		await expect(credential.preAuthentication.call(helper, withUser)).rejects.toThrow(
			/^Base URL: .*user name or password/,
		);
		expect(sent).toEqual([]);
	});

	it('refuses to authenticate any request with it (the credential test included)', async () => {
		await expect(
			credential.authenticate(withUser, { url: '/send/', baseURL: withUser.baseUrl }),
		).rejects.toThrow(/^Base URL: /);
	});
});
