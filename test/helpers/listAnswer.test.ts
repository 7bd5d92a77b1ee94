import { nextPagePath, readListPage } from '../../nodes/Pay/helpers/listAnswer';

describe('list answers', () => {
	it('reads the documented array, a paged envelope, and an empty answer; anything else is no list', () => {
		expect(readListPage([1, 2])).toEqual({ entries: [1, 2] });
		expect(readListPage({ results: [1], next: ' https://pay.example/send/?page=2 ' })).toEqual({ entries: [1], next: 'https://pay.example/send/?page=2' });
		expect(readListPage({ data: [1], next: null })).toEqual({ entries: [1], next: undefined });
		expect(readListPage({})).toEqual({ entries: [] });
		for (const odd of [{ detail: 'x' }, { results: 'x' }, 'OK', 1, null, undefined]) expect(readListPage(odd)).toBeUndefined();
	});

	it('follows a next page only under the Base URL, where the API key may go', () => {
		expect(nextPagePath('https://pay.example/api/send/?page=2', 'https://pay.example/api/')).toBe('/send/?page=2');
		expect(nextPagePath('/send/?page=2', 'https://pay.example')).toBe('/send/?page=2');
		expect(nextPagePath('https://pay.example.evil/send/', 'https://pay.example')).toBeUndefined();
		expect(nextPagePath('https://pay.example/apiX/send/', 'https://pay.example/api')).toBeUndefined();
		expect(nextPagePath('//elsewhere.example/send/', 'https://pay.example')).toBeUndefined();
	});
});
