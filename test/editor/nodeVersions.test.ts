/**
 * What the editor shows at each version of the Pay node. A workflow keeps the version it was saved
 * with: at version 1 the payment and the card are text fields and there is no Simplify, as before;
 * a new node is created at version 2, with resource locators and Simplify. Checked with the display
 * rules of n8n-workflow 2.41 (the dev dependency) and, when installed, of n8n 2.8.4's own.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { INodeParameters, INodeTypeDescription } from 'n8n-workflow';

import { displayParameterOf, displayRuleReleases } from '../harness/displayRules';
import { loadBuiltPackage, PACKAGE_ROOT } from '../harness/loadPackage';

const releases = displayRuleReleases();

async function descriptionOf(nodeName: string): Promise<INodeTypeDescription> {
	const loaded = await loadBuiltPackage();
	return loaded.nodeTypes.getByName(loaded.typeName(nodeName)).description as INodeTypeDescription;
}

describe.each(releases)("with n8n-workflow %s's display rules", (_name, moduleName) => {
	const NodeHelpers = { displayParameter: displayParameterOf(moduleName) };
	let pay: INodeTypeDescription;
	beforeAll(async () => (pay = await descriptionOf('pay')));

	/** The fields shown for these values at this version, by name and type. */
	const shown = (typeVersion: number, values: INodeParameters) =>
		pay.properties
			.filter((property) => NodeHelpers.displayParameter(values, property, { typeVersion }, pay))
			.map((property) => `${property.name}:${property.type}`);

	it.each([
		['payment', 'get'],
		['payment', 'update'],
		['checkout', 'payWithPse'],
		['checkout', 'confirmWalletOtp'],
		['card', 'charge'],
	])(
		'%s → %s: the slug is text at version 1, a resource locator at version 2',
		(resource, operation) => {
			const values = { resource, operation };
			expect(shown(1, values)).toContain('slug:string');
			expect(shown(1, values)).not.toContain('slug:resourceLocator');
			expect(shown(2, values)).toContain('slug:resourceLocator');
			expect(shown(2, values)).not.toContain('slug:string');
		},
	);

	it('card → charge: the card is text at version 1, From List / By UUID at version 2', () => {
		const values = { resource: 'card', operation: 'charge' };
		expect(shown(1, values)).toContain('cardUuid:string');
		expect(shown(2, values)).toContain('cardUuid:resourceLocator');
		expect(shown(2, values)).not.toContain('cardUuid:string');
	});

	it.each([
		['payment', 'create'],
		['payment', 'get'],
		['checkout', 'payInCash'],
		['card', 'getAll'],
		['transfer', 'getAll'],
		['payment', 'createAndWait'],
		['payment', 'getWaitedLinks'],
	])('%s → %s: Simplify only from version 2', (resource, operation) => {
		expect(shown(1, { resource, operation })).not.toContain('simplify:boolean');
		expect(shown(2, { resource, operation })).toContain('simplify:boolean');
	});

	it('Get Many Banks: Return All and Limit only from version 2, where version 1 listed every bank', () => {
		const values = { resource: 'checkout', operation: 'listBanks' };
		expect(shown(1, values)).toEqual([
			'resource:options',
			'operation:options',
			'includePromptRow:boolean',
			'requestOptions:collection',
		]);
		expect(shown(2, { ...values, returnAll: false })).toEqual(
			expect.arrayContaining(['returnAll:boolean', 'limit:number', 'includePromptRow:boolean']),
		);
	});
});

describe('versions', () => {
	it('a new Pay node is created at version 2; workflows saved at version 1 still load', async () => {
		const pay = await descriptionOf('pay');
		expect(pay.version).toEqual([1, 2]);
		expect(pay.defaultVersion).toBe(2);
	});

	it.each([
		['pay', 'nodes/Pay/Pay.node.json'],
		['payTrigger', 'nodes/PayTrigger/PayTrigger.node.json'],
	])("%s: the codex's nodeVersion is the version new nodes get", async (nodeName, codexFile) => {
		const description = await descriptionOf(nodeName);
		const versions = [description.version].flat();
		const created = description.defaultVersion ?? Math.max(...versions);
		const codex = JSON.parse(readFileSync(join(PACKAGE_ROOT, codexFile), 'utf8')) as {
			nodeVersion: string;
		};
		expect(Number(codex.nodeVersion)).toBe(created);
		expect(codex.nodeVersion).toBe(`${created}.0`);
	});

	it("the operation that lists the PSE banks reads as n8n's Get Many, its stored value unchanged", async () => {
		const pay = await descriptionOf('pay');
		const checkoutOperations = pay.properties.find(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.[0] === 'checkout',
		)?.options as Array<{ name: string; value: string; action: string }>;
		expect(checkoutOperations).toContainEqual(
			expect.objectContaining({
				name: 'Get Many Banks',
				value: 'listBanks',
				action: 'Get many PSE banks',
			}),
		);
	});
});
