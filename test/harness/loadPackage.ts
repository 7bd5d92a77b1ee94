/**
 * Loads the BUILT package the way n8n does: its package.json `n8n` section names the node and
 * credential files in dist/. A test that passes here passes with what users install.
 */
import { PackageDirectoryLoader } from 'n8n-core';
import type { ICredentialType, INodeType, INodeTypes, IVersionedNodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { existsSync } from 'fs';
import { dirname, join } from 'path';

/**
 * The nearest folder above this file with a package.json: the repository, also when the harness
 * runs compiled into another folder (the memory benchmark runs it without ts-node).
 */
function findPackageRoot(from: string): string {
	let folder = from;
	while (!existsSync(join(folder, 'package.json'))) {
		const parent = dirname(folder);
		if (parent === folder) throw new Error(`no package.json above ${from}`);
		folder = parent;
	}
	return folder;
}

export const PACKAGE_ROOT = findPackageRoot(__dirname);

export interface LoadedPackage {
	packageName: string;
	nodeTypes: INodeTypes;
	credentialTypes: Record<string, ICredentialType>;
	/** Full node type names as workflows carry them: `n8n-nodes-pay.pay`. */
	typeName(nodeName: string): string;
	/** Adds a node type that is not in the package (the benchmarks' reference node). */
	register(nodeName: string, type: INodeType): void;
}

let loading: Promise<LoadedPackage> | undefined;

export function loadBuiltPackage(): Promise<LoadedPackage> {
	loading ??= load();
	return loading;
}

async function load(): Promise<LoadedPackage> {
	const loader = new PackageDirectoryLoader(PACKAGE_ROOT);
	await loader.loadAll();
	const byType: Record<string, INodeType | IVersionedNodeType> = {};
	for (const [name, data] of Object.entries(loader.nodeTypes)) {
		byType[`${loader.packageName}.${name}`] = data.type;
	}
	const credentialTypes: Record<string, ICredentialType> = {};
	for (const [name, data] of Object.entries(loader.credentialTypes))
		credentialTypes[name] = data.type;

	const nodeTypes: INodeTypes = {
		getByName: (type) => requireType(byType, type),
		getByNameAndVersion: (type, version) =>
			NodeHelpers.getVersionedNodeType(requireType(byType, type), version),
		getKnownTypes: () => ({}),
	};
	return {
		packageName: loader.packageName,
		nodeTypes,
		credentialTypes,
		typeName: (nodeName) => `${loader.packageName}.${nodeName}`,
		register: (nodeName, type) => {
			byType[`${loader.packageName}.${nodeName}`] = type;
		},
	};
}

function requireType(byType: Record<string, INodeType | IVersionedNodeType>, type: string) {
	const found = byType[type];
	if (!found)
		throw new Error(`Node type ${type} is not in the built package (did \`npm run build\` run?)`);
	return found;
}
