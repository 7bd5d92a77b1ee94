import { nextPagePath, readListPage } from '../../../../nodes/shared/service/listAnswer';

describe('list answers', () => {
	it('reads the documented array, a paged envelope, and an empty answer; anything else is no list', () => {
		expect(readListPage([1, 2])).toEqual({ entries: [1, 2] });
		expect(readListPage({ results: [1], next: ' https://pay.example/send/?page=2 ' })).toEqual({
			entries: [1],
			next: 'https://pay.example/send/?page=2',
		});
		expect(readListPage({ data: [1], next: null })).toEqual({ entries: [1], next: undefined });
		expect(readListPage({})).toEqual({ entries: [] });
		for (const odd of [{ detail: 'x' }, { results: 'x' }, 'OK', 1, null, undefined])
			expect(readListPage(odd)).toBeUndefined();
	});

	it('follows a next page only under the Base URL, where the API key may go', () => {
		expect(
			nextPagePath('https://pay.example/api/send/?page=2', 'https://pay.example/api/', '/send/'),
		).toBe('/send/?page=2');
		expect(nextPagePath('/send/?page=2', 'https://pay.example', '/send/')).toBe('/send/?page=2');
		expect(
			nextPagePath('https://pay.example.evil/send/', 'https://pay.example', '/send/'),
		).toBeUndefined();
		expect(
			nextPagePath('https://pay.example/apiX/send/', 'https://pay.example/api', '/send/'),
		).toBeUndefined();
		expect(
			nextPagePath('//elsewhere.example/send/', 'https://pay.example', '/send/'),
		).toBeUndefined();
		expect(
			nextPagePath('https://user@pay.example.evil/send/', 'https://pay.example', '/send/'),
		).toBeUndefined();
	});

	it('reads a relative next page against the page it came from, as a browser would', () => {
		expect(nextPagePath('?page=2', 'https://pay.example', '/send/')).toBe('/send/?page=2');
		expect(nextPagePath('?page=3', 'https://pay.example', '/send/?page=2')).toBe('/send/?page=3');
		expect(nextPagePath('send/?page=2', 'https://pay.example', '/')).toBe('/send/?page=2');
		// Under a Base URL with a path, a root-relative link keeps to that path or is not followed.
		expect(nextPagePath('/api/send/?page=2', 'https://proxy.example/api', '/send/')).toBe(
			'/send/?page=2',
		);
		expect(nextPagePath('/send/?page=2', 'https://proxy.example/api', '/send/')).toBeUndefined();
		expect(nextPagePath('../../other/', 'https://proxy.example/api', '/send/')).toBeUndefined();
	});
});
