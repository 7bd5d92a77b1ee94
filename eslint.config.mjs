// Lints the code that ships (nodes/ and credentials/) with n8n's rules for community packages.
import tseslint from 'typescript-eslint';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import * as jsoncParser from 'jsonc-eslint-parser';

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', '.n8n-runtime/**'] },
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		extends: [tseslint.configs.recommended],
		languageOptions: { parserOptions: { projectService: false } },
	},
	{
		...n8nCommunityNodesPlugin.configs.recommended,
		files: ['nodes/**/*.ts', 'credentials/**/*.ts', 'package.json'],
	},
	// package.json is checked too (no runtime dependencies, the n8n section): it needs a JSON parser.
	{ files: ['package.json'], languageOptions: { parser: jsoncParser } },
);
