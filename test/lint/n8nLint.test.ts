/**
 * `npm run lint` checks what n8n's scanner for community packages checks: package.json parsed so
 * its rules fire, eslint-plugin-n8n-nodes-base's rulesets on nodes and credentials, no-console.
 * Each case lints a text through the project's eslint config, as if it were the file named
 * (lintText.ts).
 */
import { readFileSync } from 'fs';
import { join } from 'path';

import { PACKAGE_ROOT } from '../harness/loadPackage';
import { errors, lint, warnings } from './lintText';

const packageJsonText = readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8');
const packageJson = JSON.parse(packageJsonText);

describe('package.json', () => {
	it('as it is: no error; the two rules that need facts only a publisher has are warnings', () => {
		const messages = lint(packageJsonText, 'package.json');
		expect(errors(messages)).toEqual([]);
		expect(warnings(messages).sort()).toEqual([
			'@n8n/community-nodes/require-homepage',
			'@n8n/community-nodes/valid-author',
		]);
	});

	it("lint:publish holds those two as errors, as n8n's scanner does", () => {
		const publish = packageJson.scripts['lint:publish'] as string;
		const ruleArgs = [...publish.matchAll(/--rule "([^"]+)"/g)].flatMap((match) => [
			'--rule',
			match[1],
		]);
		expect(errors(lint(packageJsonText, 'package.json', ruleArgs)).sort()).toEqual([
			'@n8n/community-nodes/require-homepage',
			'@n8n/community-nodes/valid-author',
		]);
	});

	it('a runtime dependency and a missing official keyword are errors (the package.json rules fire)', () => {
		const changed = {
			...packageJson,
			keywords: packageJson.keywords.filter(
				(keyword: string) => keyword !== 'n8n-community-node-package',
			),
			dependencies: { axios: '1.21.1' },
		};
		const found = errors(lint(JSON.stringify(changed, null, 2), 'package.json'));
		expect(found).toEqual(
			expect.arrayContaining([
				'@n8n/community-nodes/no-runtime-dependencies',
				'n8n-nodes-base/community-package-json-keywords-without-official-tag',
			]),
		);
	});
});

describe('nodes and credentials', () => {
	const nodeFile = (property: string) => `import type { INodeProperties } from 'n8n-workflow';

export const field: INodeProperties = ${property};
`;

	it("a node field's display name not in title case is an error (eslint-plugin-n8n-nodes-base nodes ruleset)", () => {
		const text = nodeFile(
			`{ displayName: 'payment slug', name: 'slug', type: 'string', default: '', description: 'The slug' }`,
		);
		expect(errors(lint(text, 'nodes/Pay/lintProbe.ts'))).toContain(
			'n8n-nodes-base/node-param-display-name-miscased',
		);
	});

	it("a node field without a default n8n's lint can read is an error", () => {
		const text = nodeFile(
			`{ displayName: 'Slug', name: 'slug', type: 'string', description: 'The slug' }`,
		);
		expect(errors(lint(text, 'nodes/Pay/lintProbe.ts'))).toContain(
			'n8n-nodes-base/node-param-default-missing',
		);
	});

	it('console output in shipped code is an error', () => {
		expect(errors(lint(`console.log('hello');\n`, 'credentials/lintProbe.ts'))).toContain(
			'no-console',
		);
	});

	it("the Pay node's resume webhook keeps n8n's scanner quiet only with its webhookMethods", () => {
		const payNode = readFileSync(join(PACKAGE_ROOT, 'nodes', 'Pay', 'Pay.node.ts'), 'utf8');
		const withoutLifecycle = payNode.replace(/\twebhookMethods = \{[\s\S]*?\n\t\};\n/, '');
		expect(withoutLifecycle).not.toContain('webhookMethods =');
		expect(errors(lint(payNode, 'nodes/Pay/Pay.node.ts'))).toEqual([]);
		expect(errors(lint(withoutLifecycle, 'nodes/Pay/Pay.node.ts'))).toContain(
			'@n8n/community-nodes/webhook-lifecycle-complete',
		);
	});
});
