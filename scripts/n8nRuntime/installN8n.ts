/**
 * Installs the pinned n8n once into `.n8n-runtime/n8n`. Two quirks of this environment are handled:
 * `xlsx`'s default tarball host is unreachable (overridden to the registry's 0.18.5), and npm 11
 * holds back install scripts, so sqlite3's native module is built explicitly.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { N8N_BIN, N8N_INSTALL_DIR, N8N_VERSION } from './paths';
import { run } from './run';

export function isN8nInstalled(): boolean {
	const manifest = join(N8N_INSTALL_DIR, 'node_modules', 'n8n', 'package.json');
	if (!existsSync(manifest) || !existsSync(N8N_BIN)) return false;
	const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
	return version === N8N_VERSION && existsSync(join(N8N_INSTALL_DIR, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node'));
}

export async function ensureN8nInstalled(log: (line: string) => void): Promise<void> {
	if (isN8nInstalled()) {
		log(`n8n ${N8N_VERSION} is already installed in .n8n-runtime/n8n`);
		return;
	}
	log(`Installing n8n ${N8N_VERSION} into .n8n-runtime/n8n — the first time takes about 5-10 minutes (2.3 GB); later starts reuse it.`);
	mkdirSync(N8N_INSTALL_DIR, { recursive: true });
	writeFileSync(
		join(N8N_INSTALL_DIR, 'package.json'),
		`${JSON.stringify({ name: 'pay-n8n-runtime', private: true, dependencies: { n8n: N8N_VERSION }, overrides: { xlsx: '0.18.5' } }, null, 2)}\n`,
	);
	const started = Date.now();
	await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: N8N_INSTALL_DIR });
	log(`n8n installed in ${Math.round((Date.now() - started) / 1000)} s; building sqlite3 (about a minute)…`);
	await run('npm', ['rebuild', 'sqlite3'], { cwd: N8N_INSTALL_DIR });
	if (!isN8nInstalled()) throw new Error('n8n was installed but its sqlite3 module is missing; see .n8n-runtime/n8n');
	log('n8n is ready.');
}
