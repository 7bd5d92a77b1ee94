/**
 * Installs this package into an n8n user folder the way n8n's community-nodes screen does:
 * `npm pack`, then `npm install --legacy-peer-deps <tarball>` in `<user folder>/.n8n/nodes`.
 * Node types are then `n8n-nodes-pay.pay` and `n8n-nodes-pay.payTrigger`, as in exported workflows.
 */
import { mkdirSync, writeFileSync, existsSync } from 'fs';
import { join } from 'path';

import { REPO_ROOT } from './paths';
import { run } from './run';

/**
 * Packs the built package (run `npm run build` first), or the one in `packageFolder`, into the
 * user folder and returns the tarball's path. One folder per n8n: two packing at once (the
 * end-to-end tests run in parallel) would write the same file name while the other installs it.
 */
export async function packPackage(userFolder: string, packageFolder = REPO_ROOT): Promise<string> {
	const destination = join(userFolder, 'pack');
	mkdirSync(destination, { recursive: true });
	const output = await run('npm', ['pack', '--pack-destination', destination, '--loglevel=error'], {
		cwd: packageFolder,
	});
	const name = output.trim().split('\n').pop() as string;
	return join(destination, name.trim());
}

export async function installPackage(userFolder: string, tarball: string): Promise<void> {
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	mkdirSync(nodesDir, { recursive: true });
	const manifest = join(nodesDir, 'package.json');
	if (!existsSync(manifest))
		writeFileSync(
			manifest,
			`${JSON.stringify({ name: 'installed-nodes', private: true }, null, 2)}\n`,
		);
	await run(
		'npm',
		['install', '--legacy-peer-deps', '--no-audit', '--no-fund', '--loglevel=error', tarball],
		{ cwd: nodesDir },
	);
}
