/**
 * `npm publish` refuses to run while package.json lacks the facts only the publisher has (author
 * email, homepage, repository): n8n's scanner fails a package without them, and they are never
 * made up. The check is scripts/checkPublisherFacts.js, run by the prepublishOnly script.
 */
import { spawnSync } from 'child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { PACKAGE_ROOT } from '../harness/loadPackage';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { missingPublisherFacts } = require('../../scripts/checkPublisherFacts.js') as {
	missingPublisherFacts(pkg: unknown): string[];
};

const ownPackage = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8'));
const complete = {
	...ownPackage,
	author: { name: 'A Publisher', email: 'publisher@example.com' },
	homepage: 'https://example.com/n8n-nodes-pay#readme',
	repository: { type: 'git', url: 'git+https://example.com/publisher/n8n-nodes-pay.git' },
};

describe('publisher facts', () => {
	it('names each fact this package.json lacks: author email, homepage, repository', () => {
		const missing = missingPublisherFacts(ownPackage);
		expect(missing.map((fact) => fact.split(/[ :]/)[0])).toEqual([
			'author.email',
			'homepage',
			'repository.url',
		]);
	});

	it('finds nothing missing once the publisher has filled them in', () => {
		expect(missingPublisherFacts(complete)).toEqual([]);
	});

	it('reads the author as n8n does: "Name <email>" carries an email, a blank one does not', () => {
		expect(
			missingPublisherFacts({ ...complete, author: 'A Publisher <publisher@example.com>' }),
		).toEqual([]);
		expect(missingPublisherFacts({ ...complete, author: 'A Publisher' })).toHaveLength(1);
		expect(
			missingPublisherFacts({ ...complete, author: { name: 'A Publisher', email: '  ' } }),
		).toHaveLength(1);
		expect(
			missingPublisherFacts({ ...complete, repository: 'github:publisher/n8n-nodes-pay' }),
		).toEqual([]);
		expect(missingPublisherFacts({ ...complete, homepage: '' })).toHaveLength(1);
	});

	it('npm publish stops at prepublishOnly, before packing or sending anything, and says what is missing', () => {
		// A copy of package.json and the check in a folder of their own: nothing here can be published.
		const folder = mkdtempSync(join(tmpdir(), 'n8n-nodes-pay-publish-'));
		try {
			mkdirSync(join(folder, 'scripts'));
			copyFileSync(join(PACKAGE_ROOT, 'package.json'), join(folder, 'package.json'));
			copyFileSync(
				join(PACKAGE_ROOT, 'scripts', 'checkPublisherFacts.js'),
				join(folder, 'scripts', 'checkPublisherFacts.js'),
			);
			const result = spawnSync('npm', ['publish', '--dry-run', '--ignore-scripts=false'], {
				cwd: folder,
				encoding: 'utf8',
				timeout: 60_000,
			});
			expect(result.status).not.toBe(0);
			expect(result.stderr).toContain(
				'Not published: package.json lacks facts only the publisher has',
			);
			expect(result.stderr).toContain('author.email');
			expect(`${result.stdout}${result.stderr}`).not.toMatch(/Tarball Contents|\+ n8n-nodes-pay@/);
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	});
});
