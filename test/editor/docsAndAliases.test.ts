/**
 * What n8n reads from the package's codex files and credential to help users find and learn the
 * nodes: the aliases the nodes panel searches, and the "Docs" links. Read from the built package
 * as n8n's loader reads it.
 */
import { readFileSync } from 'fs';
import { join } from 'path';

import { anchorsOf } from '../docs/markdownLinks';
import { loadBuiltPackage, PACKAGE_ROOT } from '../harness/loadPackage';

const packageName = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8'))
	.name as string;
/** The package's page on npm, which shows the README shipped in the package. */
const NPM_PAGE = `https://www.npmjs.com/package/${packageName}`;

async function descriptionOf(nodeName: string) {
	const { nodeTypes, typeName } = await loadBuiltPackage();
	return nodeTypes.getByNameAndVersion(typeName(nodeName), 1).description;
}

describe('nodes panel search', () => {
	it.each([
		'Nequi',
		'PSE',
		'Daviplata',
		'Bre-B',
		'payment link',
		'invoice',
		'withdraw',
		'payout',
		'transfer',
		'card',
	])('typing "%s" finds the Pay node by an alias', async (typed) => {
		const aliases = ((await descriptionOf('pay')).codex?.alias ?? []).map((alias) =>
			alias.toLowerCase(),
		);
		expect(aliases).toContain(typed.toLowerCase());
	});

	it.each(['money received', 'transfer received', 'incoming transfer'])(
		'typing "%s" finds the Pay Money Received Trigger by an alias',
		async (typed) => {
			const aliases = ((await descriptionOf('payMoneyReceivedTrigger')).codex?.alias ?? []).map(
				(alias) => alias.toLowerCase(),
			);
			expect(aliases).toContain(typed);
		},
	);

	it.each(['callback', 'webhook'])(
		'typing "%s" finds the Pay Trigger by an alias',
		async (typed) => {
			const aliases = ((await descriptionOf('payTrigger')).codex?.alias ?? []).map((alias) =>
				alias.toLowerCase(),
			);
			expect(aliases).toContain(typed);
		},
	);
});

describe('Docs links', () => {
	// Until package.json has a homepage (scripts/docsLinks.js): the README on the npm page.
	const readme = anchorsOf(readFileSync(join(PACKAGE_ROOT, 'README.md'), 'utf8'));
	const section = (url: string) => {
		const [page, anchor] = url.split('#');
		return { page, documented: readme.has(anchor) ? anchor : `no README heading #${anchor}` };
	};

	it.each([
		['pay', 'the-pay-node'],
		['payTrigger', 'the-pay-trigger'],
		['payMoneyReceivedTrigger', 'the-pay-money-received-trigger'],
	])(
		"%s: its Docs link opens the README's section on it, its credential's the section on the credential",
		async (nodeName, anchor) => {
			const resources = (await descriptionOf(nodeName)).codex?.resources;
			const node = (resources?.primaryDocumentation ?? []).map(({ url }) => section(url));
			const credential = (resources?.credentialDocumentation ?? []).map(({ url }) => section(url));
			expect(node).toEqual([{ page: NPM_PAGE, documented: anchor }]);
			expect(credential).toEqual([{ page: NPM_PAGE, documented: 'the-credential' }]);
		},
	);

	it("the credential's Docs link opens the README's section on the credential", async () => {
		const { credentialTypes } = await loadBuiltPackage();
		expect(section(credentialTypes.payApi.documentationUrl as string)).toEqual({
			page: NPM_PAGE,
			documented: 'the-credential',
		});
	});

	it('nothing in the shipped files points to the GitHub address that does not exist', () => {
		const shipped = [
			'nodes/Pay/Pay.node.json',
			'nodes/PayTrigger/PayTrigger.node.json',
			'nodes/PayMoneyReceivedTrigger/PayMoneyReceivedTrigger.node.json',
			'credentials/PayApi.credentials.ts',
		];
		for (const file of shipped)
			expect(readFileSync(join(PACKAGE_ROOT, file), 'utf8')).not.toContain(
				'github.com/n8n-nodes-pay',
			);
	});
});
