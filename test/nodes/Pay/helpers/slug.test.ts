import { readSlug } from '../../../../nodes/Pay/helpers/slug';
import { payNode } from '../../../harness/payNode';

const node = payNode();

describe('payment slug', () => {
	it('reads a slug or the last segment of a page link, and refuses empty or odd text', () => {
		expect(readSlug(node, 0, ' aB3dE9 ')).toBe('aB3dE9');
		expect(readSlug(node, 0, 'https://pay.example/checkout/aB3dE9/')).toBe('aB3dE9');
		expect(() => readSlug(node, 0, '')).toThrow(/^Payment Slug: is empty/);
		expect(() => readSlug(node, 0, 'a b')).toThrow(/not a payment slug/);
	});

	it('says in its error what a slug may hold, which is what it takes', () => {
		expect(readSlug(node, 0, 'aB_3-dE9')).toBe('aB_3-dE9');
		expect(readSlug(node, 0, 'x'.repeat(64))).toBe('x'.repeat(64));
		const rule = 'is not a payment slug (1 to 64 letters, digits, "_" or "-")';
		expect(() => readSlug(node, 0, 'a.b')).toThrow(`Payment Slug: "a.b" ${rule}`);
		expect(() => readSlug(node, 0, 'x'.repeat(65))).toThrow(rule);
	});
});
