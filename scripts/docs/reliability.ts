/**
 * `npm run docs:reliability`: writes docs/RELIABILITY.md. Runs the fault matrix
 * (test/reliability/faultMatrix.test.ts, observed profile), which hands its document to a file in
 * the temporary folder instead of checking the committed one, and copies it into docs/ only when
 * every cell passed. `npm test` runs the same matrix and fails while the two differ.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join, relative } from 'path';

import {
	RELIABILITY_DOCUMENT,
	REPORT_OUTPUT_VARIABLE,
	writeIfChanged,
} from '../../test/reliability/report';
import { ROOT, runTestFile } from './runTestFile';

function main(): number {
	const folder = mkdtempSync(join(tmpdir(), 'pay-reliability-'));
	const document = relative(ROOT, RELIABILITY_DOCUMENT);
	try {
		const output = join(folder, 'RELIABILITY.md');
		const passed = runTestFile('test/reliability/faultMatrix.test.ts', {
			[REPORT_OUTPUT_VARIABLE]: output,
		});
		if (!passed || !existsSync(output)) {
			console.error(`The fault matrix failed: ${document} left as it was.`);
			return 1;
		}
		const text = readFileSync(output, 'utf8');
		const same =
			existsSync(RELIABILITY_DOCUMENT) && readFileSync(RELIABILITY_DOCUMENT, 'utf8') === text;
		writeIfChanged(RELIABILITY_DOCUMENT, text);
		console.log(same ? `${document} already says this` : `Written to ${document}`);
		return 0;
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

process.exitCode = main();
