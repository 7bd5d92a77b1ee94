/**
 * `npm run lint` runs `n8n-node lint` in strict mode (scripts/lint/n8nNodeLint.js): n8n-node's
 * default config, package.json parsed so its rules fire, eslint-plugin-n8n-nodes-base's rulesets
 * on nodes and credentials, no-console. Each case lints a text through that config
 * (eslint.config.mjs), as if it were the file named (lintText.ts).
 */
import { spawnSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';

import { PACKAGE_ROOT } from '../harness/loadPackage';
import { errors, lint, warnings } from './lintText';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { findingsOf, verdict, PUBLISHER_FACTS } = require('../../scripts/lint/n8nNodeLint.js');

const packageJsonText = readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8');
const packageJson = JSON.parse(packageJsonText);

describe('n8n-node lint, strict', () => {
	it("runs with n8n-node's default eslint.config.mjs, strict mode on, Cloud support enabled", () => {
		const template = join(
			PACKAGE_ROOT,
			'node_modules/@n8n/node-cli/dist/template/templates/shared/default/eslint.config.mjs',
		);
		expect(readFileSync(join(PACKAGE_ROOT, 'eslint.config.mjs'), 'utf8')).toBe(
			readFileSync(template, 'utf8'),
		);
		expect(packageJson.n8n.strict).toBe(true);
		const bin = join(PACKAGE_ROOT, 'node_modules/@n8n/node-cli/bin/n8n-node.mjs');
		const status = spawnSync(process.execPath, [bin, 'cloud-support'], {
			cwd: PACKAGE_ROOT,
			encoding: 'utf8',
		});
		expect(status.stdout).toContain('Cloud support is');
		expect(status.stdout).toContain('ENABLED');
		expect(status.stdout).not.toContain('DISABLED');
	});

	it("finds in package.json only the publisher's facts: the author's email, the homepage", () => {
		const messages = lint(packageJsonText, 'package.json');
		expect(errors(messages)).toEqual(['@n8n/community-nodes/valid-author']);
		expect(warnings(messages)).toEqual(['@n8n/community-nodes/require-homepage']);
	});

	it("npm run lint lets through the publisher's facts only, and lint:publish none", () => {
		const facts = (PUBLISHER_FACTS as string[]).map((rule) => ({ file: './package.json', rule }));
		const duplicate = {
			file: './nodes/PayTrigger/verifyPayment.ts',
			rule: 'import-x/no-duplicates',
		};
		expect(verdict(1, facts, false)).toEqual({ passed: true, missing: PUBLISHER_FACTS });
		expect(verdict(1, facts, true).passed).toBe(false);
		expect(verdict(0, [facts[1]], true).passed).toBe(false);
		expect(verdict(1, [...facts, duplicate], false).passed).toBe(false);
		expect(verdict(1, [], false).passed).toBe(false);
		expect(verdict(0, [], true).passed).toBe(true);
	});

	it("reads n8n-node lint's output, colours and all", () => {
		const output = [
			'┌   n8n-node lint  v0.48.3',
			'\x1b[0m\x1b[4m./package.json\x1b[24m\x1b[0m',
			'\x1b[0m   \x1b[2m1:1\x1b[22m  \x1b[33mwarning\x1b[39m  package.json must have a "homepage" field  \x1b[2m@n8n/community-nodes/require-homepage\x1b[22m\x1b[0m',
			'\x1b[0m  \x1b[2m16:3\x1b[22m  \x1b[31merror\x1b[39m    The "author" field must include a non-empty email  \x1b[2m@n8n/community-nodes/valid-author\x1b[22m\x1b[0m',
			'\x1b[0m\x1b[31m\x1b[1m✖ 2 problems (1 error, 1 warning)\x1b[22m\x1b[39m\x1b[0m',
		].join('\n');
		expect(findingsOf(output)).toEqual([
			{
				file: './package.json',
				rule: '@n8n/community-nodes/require-homepage',
				severity: 'warning',
			},
			{ file: './package.json', rule: '@n8n/community-nodes/valid-author', severity: 'error' },
		]);
	});
});

describe('package.json', () => {
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
