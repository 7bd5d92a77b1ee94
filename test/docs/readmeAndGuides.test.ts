/**
 * The README stays a page a newcomer finishes (at most 300 lines; the rest lives in the guides
 * under docs/), and every link of the README and of the guides leads somewhere: the file exists,
 * and an anchor names a heading of it.
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import { anchorsOf, brokenLink, linksOf, slugOf } from './markdownLinks';

const ROOT = join(__dirname, '..', '..');
const README = join(ROOT, 'README.md');
const DOCS = join(ROOT, 'docs');

const documents = [
	README,
	...readdirSync(DOCS)
		.filter((name) => name.endsWith('.md'))
		.map((name) => join(DOCS, name)),
];

describe('the README and the guides', () => {
	it('the README has at most 300 lines', () => {
		const lines = readFileSync(README, 'utf8').trimEnd().split('\n').length;
		expect(lines).toBeLessThanOrEqual(300);
	});

	it.each(documents.map((file) => [file.slice(ROOT.length + 1), file]))(
		'%s: every link and anchor resolves',
		(_name, file) => {
			const text = readFileSync(file, 'utf8');
			const broken = linksOf(text)
				.map((target) => brokenLink(file, target))
				.filter(Boolean);
			expect(broken).toEqual([]);
		},
	);

	it('the README links every guide in docs/', () => {
		const readme = readFileSync(README, 'utf8');
		const guides = readdirSync(DOCS).filter((name) => name.endsWith('.md'));
		expect(guides.filter((name) => !readme.includes(`](docs/${name}`))).toEqual([]);
	});
});

describe('links and anchors as GitHub makes them', () => {
	it('makes anchors from headings, numbering repeats', () => {
		const anchors = anchorsOf(
			'# Safety with money\n## Never twice across executions: the Reference\n## `npm test`\n' +
				'## Checkout\n## Checkout\n```\n# not a heading\n```\n',
		);
		expect([...anchors]).toEqual([
			'safety-with-money',
			'never-twice-across-executions-the-reference',
			'npm-test',
			'checkout',
			'checkout-1',
		]);
		expect(slugOf('Create a payment object (`POST /pay/`)')).toBe(
			'create-a-payment-object-post-pay',
		);
	});

	it('finds a missing file and a missing anchor, and passes the web and code', () => {
		expect(brokenLink(README, 'docs/NOWHERE.md')).toMatch(/no file/);
		expect(brokenLink(README, 'docs/SAFETY.md#no-such-heading')).toMatch(/no heading/);
		expect(brokenLink(README, '#compatibility')).toBe('');
		expect(brokenLink(README, 'https://docs.n8n.io/')).toBe('');
		expect(linksOf('`[a](nowhere.md)`\n```\n[b](nowhere.md)\n```\n[c](here.md)')).toEqual([
			'here.md',
		]);
	});
});
