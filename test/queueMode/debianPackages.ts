/**
 * Debian packages the queue-mode test needs (PostgreSQL, Redis), installed by the test when
 * missing, as CI's fresh Debian machine (root, Debian's mirrors reachable) has neither.
 */
import { existsSync, readdirSync } from 'fs';
import { join } from 'path';

import { run } from '../../scripts/n8nRuntime/run';

/** Installs the packages with apt-get (root only), after refreshing its lists once. */
export async function installDebianPackages(
	packages: string[],
	log: (line: string) => void,
): Promise<void> {
	if (process.getuid?.() !== 0)
		throw new Error(
			`Missing ${packages.join(', ')}: install them (apt-get install -y --no-install-recommends ${packages.join(' ')}) or run the test as root, which installs them`,
		);
	const started = Date.now();
	log(`Installing Debian's ${packages.join(', ')} (about a minute)…`);
	// Debian's own services, if the package starts them, are not used: the
	// test starts its own servers.
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	await run('apt-get', ['update', '-qq'], { env });
	await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
	log(`Installed ${packages.join(', ')} in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/** The first of the paths that exists. */
export function firstExisting(paths: string[]): string | undefined {
	return paths.find((path) => existsSync(path));
}

/** `/usr/lib/postgresql/<major>/bin` of the newest PostgreSQL installed, if any. */
export function postgresBinDir(): string | undefined {
	const root = '/usr/lib/postgresql';
	if (!existsSync(root)) return undefined;
	const majors = readdirSync(root)
		.filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'postgres')))
		.sort((a, b) => Number(b) - Number(a));
	return majors.length > 0 ? join(root, majors[0], 'bin') : undefined;
}
