import { readFileSync } from 'fs';
// Lints the code that ships (nodes/, credentials/ and package.json) with the rules n8n checks a
// community package with: the same rulesets and overrides as n8n's scanner
// (@n8n/scan-community-package) and `n8n-node lint`. Every TypeScript file, shipped or not, keeps
// the house rules of CONTRIBUTING.md.
import tseslint from 'typescript-eslint';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';

import { folderImports } from './eslint/folderImports.mjs';
import { maxLinesPerFunction } from './eslint/maxLinesPerFunction.mjs';

// Facts only the publisher has (author email, homepage) are never invented here. Until they are
// given, `npm run lint` reports their rules as warnings, so it stays at 0 errors while checking
// everything else; `npm run lint:publish` (run by `npm publish`, with scripts/checkPublisherFacts.js)
// holds them as errors, as n8n's scanner does.
/**
 * The package files one Transfer → Send item enters from execute() to the wire, as
 * test/walk/walkToTheWire.test.ts measures them (it fails when this list and the code part).
 */
const WALK_FILES = JSON.parse(readFileSync(new URL('./test/walk/walkFiles.json', import.meta.url)));

const PUBLISHER_ONLY_RULES = [
	'@n8n/community-nodes/valid-author',
	'@n8n/community-nodes/require-homepage',
];

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', '.n8n-runtime/**'] },
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		extends: [tseslint.configs.recommended, n8nCommunityNodesPlugin.configs.recommended],
		languageOptions: { parserOptions: { projectService: false } },
		rules: { 'no-console': 'error' },
	},
	{ plugins: { 'n8n-nodes-base': n8nNodesBase } },
	// The house rules. Prettier wraps code at 100 but never comments nor strings: comments are held
	// to 100 here; a string stays whole so that a message can be found by searching for it.
	{
		files: ['**/*.ts'],
		extends: [tseslint.configs.recommended],
		plugins: { house: { rules: { 'max-lines-per-function': maxLinesPerFunction } } },
		rules: {
			'max-len': [
				'error',
				{
					code: 100,
					tabWidth: 2,
					ignoreUrls: true,
					ignoreStrings: true,
					ignoreTemplateLiterals: true,
					ignoreRegExpLiterals: true,
				},
			],
			'house/max-lines-per-function': ['error', { max: 60 }],
		},
	},
	{ files: ['nodes/**/*.ts'], rules: { 'max-lines': ['error', { max: 200 }] } },
	// The files one Transfer → Send item enters on its way to the wire (test/walk/): the walk is
	// kept short (CONTRIBUTING.md, "The walk"), so these hold more than one file's usual share.
	{ files: WALK_FILES, rules: { 'max-lines': ['error', { max: 400 }] } },
	// No import runs back up a floor of the layout, nor into another node's folder.
	...folderImports,
	// package.json is parsed as a TypeScript object literal, as n8n's scanner parses it: with a
	// JSON parser the package.json rules never see an object and never fire.
	{
		files: ['package.json'],
		extends: [n8nCommunityNodesPlugin.configs.recommended],
		languageOptions: { parser: tseslint.parser, parserOptions: { extraFileExtensions: ['.json'] } },
		rules: {
			...n8nNodesBase.configs.community.rules,
			...Object.fromEntries(PUBLISHER_ONLY_RULES.map((rule) => [rule, 'warn'])),
		},
	},
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Turned off by n8n's scanner too: not valid for community nodes / the community rule is more accurate.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// Turned off by n8n's scanner too.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
);
