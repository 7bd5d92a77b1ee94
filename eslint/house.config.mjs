// The house rules of CONTRIBUTING.md, on every TypeScript file of the repository, shipped or
// not: typescript-eslint's recommended rules, no function over 60 lines, no line over 100 columns
// (comments included), no file in nodes/ or credentials/ over 200 lines, the layout's folder imports, and no import
// circle in nodes/ or credentials/. n8n's own rules for community nodes come from `n8n-node lint`
// with its default config (eslint.config.mjs, which strict mode holds unchanged); `npm run lint`
// runs both (scripts/lint/).
import tseslint from 'typescript-eslint';

import { folderImports } from './folderImports.mjs';
import { noImportCircle } from './importCircles.mjs';
import { maxLinesPerFunction } from './maxLinesPerFunction.mjs';

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', '.n8n-runtime/**'] },
	// The house rules. Prettier wraps code at 100 but never comments nor strings: comments are held
	// to 100 here; a string stays whole so that a message can be found by searching for it.
	{
		files: ['**/*.ts'],
		extends: [tseslint.configs.recommended],
		plugins: {
			house: {
				rules: {
					'max-lines-per-function': maxLinesPerFunction,
					'no-import-circle': noImportCircle,
				},
			},
		},
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
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		rules: { 'max-lines': ['error', { max: 200 }] },
	},
	// No import runs back up a floor of the layout, nor into another node's folder.
	...folderImports,
	// No file of the package reaches itself through its imports, type imports included.
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		rules: { 'house/no-import-circle': 'error' },
	},
);
