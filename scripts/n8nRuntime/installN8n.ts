/**
 * Installs an n8n release once into `.n8n-runtime/n8n-<version>`, with the Node it needs. Quirks
 * of this environment, handled: `xlsx`'s default tarball host is unreachable (overridden to the
 * registry's 0.18.5); install scripts are skipped (npm 11 holds them back anyway, and in n8n 2.41 a
 * Kafka client's script downloads zlib and OpenSSL and fails), so sqlite3's native module, the one
 * n8n needs, is built explicitly against the headers of the Node that will run it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'fs';
import { delimiter, dirname, join, relative } from 'path';

import { REPO_ROOT } from './paths';
import {
	installDirOf,
	n8nScriptOf,
	nodeBinary,
	nodeBinaryOf,
	nodeHeadersDirOf,
	nodeInstallDirOf,
	nodePackageName,
} from './releases';
import type { N8nRelease } from './releases';
import { run } from './run';

export function isN8nInstalled(release: N8nRelease): boolean {
	const folder = installDirOf(release);
	const manifest = join(folder, 'node_modules', 'n8n', 'package.json');
	if (
		!existsSync(manifest) ||
		!existsSync(n8nScriptOf(release)) ||
		!existsSync(nodeBinaryOf(release))
	)
		return false;
	const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
	return (
		version === release.version &&
		existsSync(join(folder, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node'))
	);
}

export async function ensureN8nInstalled(
	release: N8nRelease,
	log: (line: string) => void,
): Promise<void> {
	const folder = installDirOf(release);
	const shown = relative(REPO_ROOT, folder);
	if (isN8nInstalled(release)) {
		log(`n8n ${release.version} is already installed in ${shown}`);
		return;
	}
	if (release.nodeVersion !== undefined) await ensureNodeInstalled(release.nodeVersion, log);
	const { minutes, size } = release.firstInstall;
	log(
		`Installing n8n ${release.version} into ${shown}: the first time takes about ${minutes} minutes and ${size}; later starts reuse it.`,
	);
	mkdirSync(folder, { recursive: true });
	writeFileSync(
		join(folder, 'package.json'),
		`${JSON.stringify({ name: 'pay-n8n-runtime', private: true, dependencies: { n8n: release.version }, overrides: { xlsx: '0.18.5' } }, null, 2)}\n`,
	);
	const started = Date.now();
	await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
		cwd: folder,
	});
	log(
		`n8n installed in ${Math.round((Date.now() - started) / 1000)} s; building its sqlite3 module (about a minute)…`,
	);
	await run('npm', ['rebuild', 'sqlite3'], { cwd: folder, env: buildEnvironment(release) });
	if (!isN8nInstalled(release))
		throw new Error(`n8n was installed but its sqlite3 module is missing; see ${shown}`);
	log(`n8n ${release.version} is ready.`);
}

/** A Node from the npm registry's platform package (a plain binary, no install script). */
async function ensureNodeInstalled(
	nodeVersion: string,
	log: (line: string) => void,
): Promise<void> {
	const folder = nodeInstallDirOf(nodeVersion);
	const binary = nodeBinary(nodeVersion);
	if (existsSync(binary)) return;
	log(
		`Installing Node ${nodeVersion} for n8n into ${relative(REPO_ROOT, folder)} (190 MB on disk, a few seconds to a minute)…`,
	);
	mkdirSync(folder, { recursive: true });
	writeFileSync(
		join(folder, 'package.json'),
		`${JSON.stringify({ name: 'pay-node-runtime', private: true, dependencies: { [nodePackageName()]: nodeVersion } }, null, 2)}\n`,
	);
	await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder });
	if (!existsSync(binary))
		throw new Error(`npm installed ${nodePackageName()}@${nodeVersion}, but ${binary} is missing`);
}

/**
 * The release's Node first on the PATH, and its headers for node-gyp (the user's
 * ~/.npmrc may name others).
 */
function buildEnvironment(release: N8nRelease): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {
		...process.env,
		PATH: `${dirname(nodeBinaryOf(release))}${delimiter}${process.env.PATH ?? ''}`,
	};
	const headers = nodeHeadersDirOf(release);
	if (headers !== undefined) env.npm_config_nodedir = headers;
	return env;
}
