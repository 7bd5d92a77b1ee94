import { isHttpUrl } from '../../../../nodes/Pay/helpers/urlField';

describe('isHttpUrl', () => {
	it('takes absolute http(s) URLs, every time they are asked', () => {
		for (let round = 0; round < 3; round++) {
			expect(isHttpUrl('https://shop.example/thanks')).toBe(true);
			expect(isHttpUrl('http://127.0.0.1:5678/webhook/pay')).toBe(true);
		}
	});

	it('refuses other schemes, relative and broken addresses, however often an http(s) URL was asked before', () => {
		for (const text of [
			'ftp://shop.example/thanks',
			'javascript:alert(1)',
			'/thanks',
			'shop.example/thanks',
			'https://',
			'',
		]) {
			expect(isHttpUrl('https://shop.example/thanks')).toBe(true);
			expect(isHttpUrl(text)).toBe(false);
			expect(isHttpUrl(text)).toBe(false);
		}
	});

	it('answers alike for many distinct URLs, past what it remembers', () => {
		const urls = Array.from({ length: 100 }, (_, index) => `https://shop.example/order/${index}`);
		for (const url of [...urls, ...urls]) expect(isHttpUrl(url)).toBe(true);
		expect(isHttpUrl('mailto:buyer@shop.example')).toBe(false);
	});
});
