/**
 * The "Docs" links n8n shows for the credential and each node follow package.json's `homepage`
 * once the publisher gives it, and until then open the README on the package's npm page; either
 * way each one opens the README section that documents its node or the credential. They are
 * written into the source by scripts/docsLinks.js (run first by `npm run build`): the committed
 * files must be what it writes for the committed package.json.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { anchorsOf } from '../docs/markdownLinks';
import { PACKAGE_ROOT } from '../harness/loadPackage';

interface LinkFile {
	path: string;
	text: string;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const generator = require('../../scripts/docsLinks.js') as {
	CREDENTIAL_ANCHOR: string;
	CREDENTIAL_FILE: string;
	NODE_SECTIONS: Array<{ codex: string; anchor: string }>;
	docsLinkFiles(pkg: Record<string, unknown>, root?: string): LinkFile[];
	writeDocsLinks(root?: string): string[];
	staleDocsLinks(root?: string): string[];
};

const ownPackage = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8'));
const readmeAnchors = anchorsOf(readFileSync(join(PACKAGE_ROOT, 'README.md'), 'utf8'));
const NPM_PAGE = `https://www.npmjs.com/package/${ownPackage.name}`;

/** Every Docs link of the files, with the anchor of the README section it should open. */
function linksIn(files: LinkFile[]): Array<{ url: string; section: string }> {
	return files.flatMap(({ path, text }) => {
		if (path === generator.CREDENTIAL_FILE) {
			const url = /documentationUrl = '([^']+)'/.exec(text)?.[1] ?? '';
			return [{ url, section: generator.CREDENTIAL_ANCHOR }];
		}
		const { resources } = JSON.parse(text);
		const node = generator.NODE_SECTIONS.find((section) => section.codex === path);
		return [
			...resources.primaryDocumentation.map(({ url }: { url: string }) => ({
				url,
				section: node?.anchor ?? '',
			})),
			...resources.credentialDocumentation.map(({ url }: { url: string }) => ({
				url,
				section: generator.CREDENTIAL_ANCHOR,
			})),
		];
	});
}

describe('Docs links', () => {
	it('the credential and each node have one, in the files the generator writes', () => {
		const files = generator.docsLinkFiles(ownPackage);
		expect(files.map((file) => file.path)).toEqual([
			'credentials/PayApi.credentials.ts',
			'nodes/Pay/Pay.node.json',
			'nodes/PayTrigger/PayTrigger.node.json',
			'nodes/PayMoneyReceivedTrigger/PayMoneyReceivedTrigger.node.json',
		]);
		expect(linksIn(files)).toHaveLength(7);
	});

	it('without a homepage: each opens the section of the README documenting it, on npm', () => {
		const links = linksIn(generator.docsLinkFiles({ ...ownPackage, homepage: undefined }));
		for (const { url, section } of links) {
			expect(url).toBe(`${NPM_PAGE}#${section}`);
			expect(readmeAnchors).toContain(section);
		}
		expect(new Set(links.map((link) => link.section))).toEqual(
			new Set([
				'the-credential',
				'the-pay-node',
				'the-pay-trigger',
				'the-pay-money-received-trigger',
			]),
		);
	});

	it.each([
		[
			'https://github.com/publisher/n8n-nodes-pay#readme',
			'https://github.com/publisher/n8n-nodes-pay',
		],
		['https://example.com/docs/pay/', 'https://example.com/docs/pay/'],
	])('with the homepage %s: each follows it, to the same section', (homepage, base) => {
		const links = linksIn(generator.docsLinkFiles({ ...ownPackage, homepage }));
		expect(links.length).toBeGreaterThan(0);
		for (const { url, section } of links) expect(url).toBe(`${base}#${section}`);
	});

	it('a homepage that is no address stops the build, naming it', () => {
		expect(() => generator.docsLinkFiles({ ...ownPackage, homepage: 'the README' })).toThrow(
			/homepage is not an address: "the README"/,
		);
	});

	it('the build writes them from a package.json given a homepage, leaving the rest of each codex file', () => {
		const copy = mkdtempSync(join(tmpdir(), 'n8n-nodes-pay-docs-links-'));
		try {
			for (const name of ['nodes', 'credentials'])
				cpSync(join(PACKAGE_ROOT, name), join(copy, name), { recursive: true });
			const homepage = 'https://git.example.org/pay/n8n-nodes-pay';
			writeFileSync(join(copy, 'package.json'), JSON.stringify({ ...ownPackage, homepage }));
			expect(generator.staleDocsLinks(copy)).toHaveLength(4);
			const written = generator.writeDocsLinks(copy);
			expect(written).toHaveLength(4);
			expect(generator.staleDocsLinks(copy)).toEqual([]);
			const files = written.map((path) => ({
				path,
				text: readFileSync(join(copy, path), 'utf8'),
			}));
			for (const { url, section } of linksIn(files)) expect(url).toBe(`${homepage}#${section}`);
			const pay = JSON.parse(readFileSync(join(copy, 'nodes/Pay/Pay.node.json'), 'utf8'));
			expect(pay.alias).toContain('Nequi');
			const credential = readFileSync(join(copy, generator.CREDENTIAL_FILE), 'utf8');
			expect(credential).toContain('restrictToSupportedNodes = true');
			expect(generator.writeDocsLinks(copy)).toEqual([]);
		} finally {
			rmSync(copy, { recursive: true, force: true });
		}
	});

	it('the committed files are what the generator writes for the committed package.json (run npm run build)', () => {
		for (const { path, text } of generator.docsLinkFiles(ownPackage))
			expect({ path, text: readFileSync(join(PACKAGE_ROOT, path), 'utf8') }).toEqual({
				path,
				text,
			});
	});
});
