/**
 * What n8n reads from the package's codex files and credential to help users find and learn the
 * nodes: the aliases the nodes panel searches, and the "Docs" links. Read from the built package
 * as n8n's loader reads it.
 */
import { readFileSync } from 'fs';
import { join } from 'path';

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
	it.each(['pay', 'payTrigger', 'payMoneyReceivedTrigger'])(
		"%s: its node and credential docs open the package's npm page (its README)",
		async (nodeName) => {
			const resources = (await descriptionOf(nodeName)).codex?.resources;
			const urls = [
				...(resources?.primaryDocumentation ?? []),
				...(resources?.credentialDocumentation ?? []),
			].map((resource) => resource.url);
			expect(urls.length).toBeGreaterThan(0);
			for (const url of urls) expect(url).toBe(NPM_PAGE);
		},
	);

	it("the credential's docs open the package's npm page (its README)", async () => {
		const { credentialTypes } = await loadBuiltPackage();
		expect(credentialTypes.payApi.documentationUrl).toBe(NPM_PAGE);
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
