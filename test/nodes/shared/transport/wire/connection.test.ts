/** A request's address: the credential's Base URL and the path, with no "//" where they meet. */
import { trimBaseUrl } from '../../../../../credentials/baseUrl';
import { requestUrl } from '../../../../../nodes/shared/transport/wire/connection';

describe('request addresses', () => {
	it.each([
		['http://127.0.0.1:1/', '/pay/', 'http://127.0.0.1:1/pay/'],
		['https://host/api///', '/pay_detail/abc', 'https://host/api/pay_detail/abc'],
		['https://host//api/', '//pay/', 'https://host/api/pay/'],
		['https://host/api', '/send/?next=http://x//y', 'https://host/api/send/?next=http://x//y'],
	])('%s + %s → %s, no "//" in the path', (baseUrl, path, url) => {
		expect(requestUrl(trimBaseUrl(baseUrl), path)).toBe(url);
	});
});
