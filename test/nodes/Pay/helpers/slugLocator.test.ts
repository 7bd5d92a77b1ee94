/**
 * The Payment Slug field from version 2 on: n8n's resource locator. What the node reads from each
 * mode, what it refuses (naming the field and the mode, before anything is sent), and that the
 * editor's own check of a typed value (the modes' validation, run by n8n) agrees.
 */
import fc from 'fast-check';

import { readSlug } from '../../../../nodes/Pay/helpers/slug';
import { slugLocatorProperty } from '../../../../nodes/Pay/helpers/slugLocator';
import { readErrorFacts } from '../../../../nodes/shared/transport/terms/errorFacts';
import { editorIssues as issuesOf, locator } from '../../../harness/locatorField';
import { payNode } from '../../../harness/payNode';

const node = payNode(2);
const slugOf = (mode: string, value: unknown) => readSlug(node, 0, locator(mode, value));
const editorIssues = (mode: string, value: string) =>
	issuesOf(node, slugLocatorProperty, mode, value);

describe('Payment Slug, By URL', () => {
	it.each([
		['https://checkout.example.com/aB3dE9xZ', 'aB3dE9xZ'],
		['http://127.0.0.1:4010/_sandbox/checkout/aB3dE9xZ', 'aB3dE9xZ'],
		['https://checkout.example.com/pay/aB3dE9xZ/', 'aB3dE9xZ'],
		['https://checkout.example.com/aB3dE9xZ?name=Ana&email=a%40b.co', 'aB3dE9xZ'],
		['https://checkout.example.com/aB3dE9xZ#top', 'aB3dE9xZ'],
		['  https://checkout.example.com/x_y-1  ', 'x_y-1'],
	])('%s names the payment %s', (link, slug) => {
		expect(slugOf('url', link)).toBe(slug);
		expect(editorIssues('url', link.trim())).toEqual([]);
	});

	it.each([
		['aB3dE9xZ', /^Payment Slug \(By URL\): "aB3dE9xZ" is not a link; for a slug, pick By Slug$/],
		[
			'https://checkout.example.com/',
			/^Payment Slug \(By URL\): .* does not end with a payment slug$/,
		],
		['https://checkout.example.com/a%20b', /does not end with a payment slug$/],
		['ftp://checkout.example.com/aB3dE9xZ', /is not a link/],
		['', /^Payment Slug \(By URL\): is empty; paste the payment page's link$/],
	])('refuses %j, naming the field and the mode', (value, message) => {
		expect(() => slugOf('url', value)).toThrow(message);
		if (value !== '')
			expect(editorIssues('url', value)).toEqual([
				'Payment Slug (By URL): not a link ending with a payment slug',
			]);
	});
});

describe('Payment Slug, By Slug', () => {
	it('takes a slug as it is', () => {
		expect(slugOf('id', 'aB3dE9xZ')).toBe('aB3dE9xZ');
		expect(slugOf('id', ' aB3dE9xZ ')).toBe('aB3dE9xZ');
		expect(editorIssues('id', 'aB3dE9xZ')).toEqual([]);
	});

	it.each([
		[
			'https://checkout.example.com/aB3dE9xZ',
			/^Payment Slug \(By Slug\): ".*" is a link; for a link, pick By URL$/,
		],
		['a b', /^Payment Slug \(By Slug\): "a b" is not a payment slug/],
		['x'.repeat(65), /is not a payment slug/],
		['', /^Payment Slug \(By Slug\): is empty; map the "slug" of the payment object$/],
	])('refuses %j, naming the field and the mode', (value, message) => {
		expect(() => slugOf('id', value)).toThrow(message);
		if (value !== '')
			expect(editorIssues('id', value)).toEqual([
				'Payment Slug (By Slug): not a payment slug (1 to 64 letters, digits, "_" or "-")',
			]);
	});

	it('says a value mapped as an object or a list is no text', () => {
		expect(() => slugOf('id', { url: 'x' })).toThrow(
			/^Payment Slug \(By Slug\): must be text, got an object$/,
		);
	});
});

describe('either mode', () => {
	it('a mode the field does not offer is refused, naming the ones it does', () => {
		expect(() => slugOf('list', 'aB3dE9xZ')).toThrow(
			/^Payment Slug \(mode "list"\): is not a way this field offers; pick By URL or By Slug$/,
		);
	});

	it('the error says nothing was sent and carries the field for Continue On Fail branches', () => {
		let thrown: unknown;
		try {
			slugOf('url', 'nolink');
		} catch (error) {
			thrown = error;
		}
		expect(readErrorFacts(thrown)).toMatchObject({ outcome: 'not_sent', field: 'Payment Slug' });
		expect((thrown as { description?: string }).description).toBe(
			'Nothing was sent to the service.',
		);
	});

	it('the node and the editor agree on every slug and its link', () => {
		fc.assert(
			fc.property(
				fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
				fc.constantFrom('https://pay.example/', 'http://127.0.0.1:4010/_sandbox/checkout/'),
				fc.constantFrom('', '/', '?name=Ana', '#x'),
				(slug, page, after) => {
					expect(slugOf('id', slug)).toBe(slug);
					expect(slugOf('url', `${page}${slug}${after}`)).toBe(slug);
					expect(editorIssues('id', slug)).toEqual([]);
					expect(editorIssues('url', `${page}${slug}${after}`)).toEqual([]);
				},
			),
		);
	});

	it('version 1 text is read as before: a slug, or a page link ending with it', () => {
		expect(readSlug(node, 0, 'aB3dE9xZ')).toBe('aB3dE9xZ');
		expect(readSlug(node, 0, 'https://checkout.example.com/aB3dE9xZ')).toBe('aB3dE9xZ');
		expect(() => readSlug(node, 0, 'a b')).toThrow(/^Payment Slug: "a b" is not a payment slug/);
	});
});
