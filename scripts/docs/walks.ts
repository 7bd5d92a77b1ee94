/**
 * `npm run docs:walks`: writes the walks of CONTRIBUTING.md's "What happens to one item". Runs the
 * walk test (test/walk/walkToTheWire.test.ts, observed profile), which hands each list it measured
 * to a folder in the temporary folder instead of checking CONTRIBUTING.md, and writes them there
 * only when every walk passed. `npm test` runs the same test and fails while a list and its measure
 * differ.
 */
import { mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { writeIfChanged } from '../../test/reliability/report';
import {
	CONTRIBUTING,
	handedOver,
	WALKS_OUTPUT_VARIABLE,
	withWalk,
} from '../../test/walk/contributingWalks';
import { runTestFile } from './runTestFile';

function main(): number {
	const folder = mkdtempSync(join(tmpdir(), 'pay-walks-'));
	try {
		if (!runTestFile('test/walk/walkToTheWire.test.ts', { [WALKS_OUTPUT_VARIABLE]: folder })) {
			console.error('The walk test failed: CONTRIBUTING.md left as it was.');
			return 1;
		}
		const walks = handedOver(folder);
		const before = readFileSync(CONTRIBUTING, 'utf8');
		const after = walks.reduce(withWalk, before);
		writeIfChanged(CONTRIBUTING, after);
		console.log(
			before === after
				? `CONTRIBUTING.md already lists these ${walks.length} walks`
				: `${walks.length} walks written into CONTRIBUTING.md`,
		);
		return 0;
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

process.exitCode = main();
