/**
 * What npm publishes from dist/ is what the source compiles to now: no file left by an older build.
 */
import { existsSync, readdirSync } from 'fs';
import { join, relative } from 'path';

const ROOT = join(__dirname, '..', '..');

function filesBelow(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? filesBelow(join(folder, entry.name)) : [join(folder, entry.name)],
	);
}

describe('dist/', () => {
	it('holds no compiled file whose source is gone (npm run build empties it first)', () => {
		const orphans = filesBelow(join(ROOT, 'dist'))
			.filter((file) => file.endsWith('.js'))
			.map((file) => relative(join(ROOT, 'dist'), file).replace(/\.js$/, '.ts'))
			.filter((source) => !existsSync(join(ROOT, source)));
		expect(orphans).toEqual([]);
	});
});
