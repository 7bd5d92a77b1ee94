/**
 * `npm run build` (tsc, then gulp copying the icons) gives byte for byte what `n8n-node build`
 * gives for the package: n8n-node build is run on a copy of the package's own files (package.json,
 * tsconfig.json, nodes/, credentials/) and its dist/ compared with ours, file by file. Run in the
 * repository itself, n8n-node build would also copy every PNG and SVG of the tree into dist/ (the
 * docs' screenshots, the icons of the n8n installed under .n8n-runtime/), and npm would publish
 * them: that is why the build stays our own.
 */
import { spawnSync } from 'child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'fs';
import { tmpdir } from 'os';
import { join, relative } from 'path';

const ROOT = join(__dirname, '..', '..');
const PACKAGE_FILES = ['package.json', 'tsconfig.json', 'nodes', 'credentials'];

function pathsBelow(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? pathsBelow(join(folder, entry.name)) : [join(folder, entry.name)],
	);
}

/** Every file under the folder, as a path relative to it, sorted. */
const filesBelow = (folder: string) =>
	pathsBelow(folder)
		.map((file) => relative(folder, file))
		.sort();

let copy: string;

beforeAll(() => {
	copy = mkdtempSync(join(tmpdir(), 'n8n-nodes-pay-n8n-node-build-'));
	for (const name of PACKAGE_FILES) cpSync(join(ROOT, name), join(copy, name), { recursive: true });
	symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
	const bin = join(ROOT, 'node_modules', '@n8n', 'node-cli', 'bin', 'n8n-node.mjs');
	const built = spawnSync(process.execPath, [bin, 'build'], { cwd: copy, encoding: 'utf8' });
	if (built.status !== 0) throw new Error(`n8n-node build failed: ${built.stdout}${built.stderr}`);
}, 240_000);

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe("npm run build against n8n's n8n-node build", () => {
	it('the same files in dist/', () => {
		expect(filesBelow(join(ROOT, 'dist'))).toEqual(filesBelow(join(copy, 'dist')));
	});

	it('each byte for byte', () => {
		const differing = filesBelow(join(copy, 'dist')).filter(
			(file) =>
				!readFileSync(join(ROOT, 'dist', file)).equals(readFileSync(join(copy, 'dist', file))),
		);
		expect(differing).toEqual([]);
	});
});
