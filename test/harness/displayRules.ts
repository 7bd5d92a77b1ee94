/**
 * n8n's rule for whether the editor shows a field (`NodeHelpers.displayParameter`), as each n8n
 * release has it: n8n-workflow 2.41 (the dev dependency) and, when installed under .n8n-runtime/,
 * n8n 2.8.4's own. Tests of what the editor shows run under each.
 */
import { existsSync } from 'fs';
import { join } from 'path';
import type { INode, INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { PACKAGE_ROOT } from './loadPackage';

export type DisplayParameter = (
	values: INodeParameters,
	property: INodeProperties,
	node: Pick<INode, 'typeVersion'>,
	description: INodeTypeDescription,
) => boolean;

const OLDEST = join(PACKAGE_ROOT, '.n8n-runtime/n8n-2.8.4/node_modules/n8n-workflow');

/** `[release, module to require]` for each n8n-workflow at hand. */
export function displayRuleReleases(): Array<[string, string]> {
	const releases: Array<[string, string]> = [['2.41 (dev dependency)', 'n8n-workflow']];
	if (existsSync(join(OLDEST, 'package.json'))) releases.push(['2.8.4', OLDEST]);
	return releases;
}

/** That release's displayParameter. */
export function displayParameterOf(moduleName: string): DisplayParameter {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return (require(moduleName) as { NodeHelpers: { displayParameter: DisplayParameter } })
		.NodeHelpers.displayParameter;
}
