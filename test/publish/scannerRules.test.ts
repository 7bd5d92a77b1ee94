/**
 * The rules n8n's scanner for community packages (@n8n/scan-community-package) applies before it
 * verifies a package, run offline on what npm would publish (the packed tarball's files) and on
 * the source it would fetch (package.json, nodes/, credentials/): the only findings are the facts
 * only the publisher can give, and with them filled in both legs pass. What needs the registry
 * (the provenance statement, the source fetched by its commit) is not faked here:
 * docs/DEVELOPMENT.md, "Releasing", names it.
 */
import { spawnSync } from 'child_process';
import {
	cpSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const ROOT = join(__dirname, '..', '..');

interface Leg {
	passed: boolean;
	files: number;
	errors: Array<{ file: string; rule: string }>;
}

let folder: string;

/** Packs the package as npm publishes it and unpacks it; the unpacked folder. */
function packedPackage(): string {
	const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', folder], {
		cwd: ROOT,
		encoding: 'utf8',
	});
	if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
	const tarball = readdirSync(folder).find((name) => name.endsWith('.tgz')) as string;
	const unpacked = join(folder, 'tarball');
	mkdirSync(unpacked);
	spawnSync('tar', ['-xzf', join(folder, tarball), '-C', unpacked, '--strip-components=1']);
	return unpacked;
}

/** The source as the scanner fetches it: package.json, nodes/ and credentials/. */
function sourceCopy(): string {
	const source = join(folder, 'source');
	for (const name of ['package.json', 'nodes', 'credentials'])
		cpSync(join(ROOT, name), join(source, name), { recursive: true });
	return source;
}

function scan(tarball: string, source: string): { tarball: Leg; source: Leg } {
	const run = spawnSync(process.execPath, [join(__dirname, 'scanPackage.mjs'), tarball, source], {
		cwd: ROOT,
		encoding: 'utf8',
		env: { ...process.env, NODE_ENV: 'production' },
		timeout: 240_000,
	});
	if (run.status !== 0) throw new Error(`the scan failed: ${run.stderr}`);
	return JSON.parse(run.stdout);
}

/** package.json with the publisher's facts given, as the publisher would give them. */
function withPublisherFacts(packageJson: string) {
	const pkg = JSON.parse(readFileSync(packageJson, 'utf8'));
	pkg.author = { ...pkg.author, email: 'publisher@example.com' };
	pkg.homepage = 'https://github.com/publisher/n8n-nodes-pay#readme';
	pkg.repository = { type: 'git', url: 'git+https://github.com/publisher/n8n-nodes-pay.git' };
	writeFileSync(packageJson, JSON.stringify(pkg, null, 2));
}

let asIs: { tarball: Leg; source: Leg };
let completed: { tarball: Leg; source: Leg };

beforeAll(() => {
	folder = mkdtempSync(join(tmpdir(), 'n8n-nodes-pay-scan-'));
	const tarball = packedPackage();
	const source = sourceCopy();
	asIs = scan(tarball, source);
	withPublisherFacts(join(tarball, 'package.json'));
	withPublisherFacts(join(source, 'package.json'));
	completed = scan(tarball, source);
}, 300_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("n8n's scanner rules on the packed package", () => {
	it('lints the compiled nodes and credentials and package.json, in both legs', () => {
		expect(asIs.tarball.files).toBeGreaterThan(50);
		expect(asIs.source.files).toBeGreaterThan(50);
	});

	it("finds only the publisher's facts missing: the author's email", () => {
		for (const leg of [asIs.tarball, asIs.source]) {
			expect(leg.passed).toBe(false);
			expect(leg.errors).toEqual([
				{ file: 'package.json', rule: '@n8n/community-nodes/valid-author' },
			]);
		}
	});

	it("passes, by the scanner's own analyzePackage, once the publisher has given them", () => {
		expect(completed.tarball).toMatchObject({ passed: true, errors: [] });
		expect(completed.source).toMatchObject({ passed: true, errors: [] });
	});
});
