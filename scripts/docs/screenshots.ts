/**
 * `npm run docs:screenshots`: takes the screenshots of the README and docs/EXAMPLES.md
 * (docs/screenshots/) anew, with the editor checks of the end-to-end test in a real n8n
 * (test/e2e/realN8n.e2e.test.ts, the newest release). A test run without this script puts them in
 * the temporary folder, so `npm test` leaves docs/ as it was.
 */
import { join, relative } from 'path';

import { SCREENSHOTS_VARIABLE } from '../../test/e2e/screenshots';
import { ROOT, runTestFile } from './runTestFile';

const folder = join(ROOT, 'docs', 'screenshots');
const passed = runTestFile(
	'test/e2e/realN8n.e2e.test.ts',
	{ [SCREENSHOTS_VARIABLE]: folder },
	'the editor opens',
);
console.log(
	passed
		? `Screenshots written to ${relative(ROOT, folder)}`
		: `The editor checks failed: see ${relative(ROOT, folder)} before committing it`,
);
process.exitCode = passed ? 0 : 1;
