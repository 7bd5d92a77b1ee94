// Runs the rules of n8n's scanner for community packages (@n8n/scan-community-package) on a
// package folder, offline: its own ESLint config (buildScanConfig) and options, on the files each
// of its two legs lints: the tarball's (compiled `.js`, package.json) and the source's
// (SOURCE_FILE_PATTERNS). Prints, per leg, the errors as { file, rule } and whether the scanner's
// own analyzePackage passed. Args: the unpacked tarball's folder, the source folder.
import { ESLint } from 'eslint';
import glob from 'fast-glob';
import { relative } from 'path';

import {
	analyzePackage,
	buildScanConfig,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

/** The scanner's errors on the folder's files matching the patterns, as it lints them. */
async function errorsOf(folder, patterns) {
	const eslint = new ESLint({
		cwd: folder,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig: await buildScanConfig(),
	});
	const files = glob.sync(patterns, {
		cwd: folder,
		absolute: true,
		ignore: ['node_modules/**', '**/package-lock.json'],
	});
	const results = await eslint.lintFiles(files);
	return {
		files: files.length,
		errors: results.flatMap((result) =>
			result.messages
				.filter((message) => message.severity === 2)
				.map((message) => ({ file: relative(folder, result.filePath), rule: message.ruleId })),
		),
	};
}

const [tarballFolder, sourceFolder] = process.argv.slice(2);
const legs = {
	tarball: [tarballFolder, ['**/*.js', 'package.json']],
	source: [sourceFolder, SOURCE_FILE_PATTERNS],
};
const report = {};
for (const [leg, [folder, patterns]] of Object.entries(legs)) {
	const { passed } = await analyzePackage(folder, patterns);
	report[leg] = { passed, ...(await errorsOf(folder, patterns)) };
}
process.stdout.write(JSON.stringify(report));
