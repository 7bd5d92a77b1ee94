/**
 * Lints texts as if each were the file named: through n8n-node's config (eslint.config.mjs, what
 * `n8n-node lint` runs) or through the house rules' own (eslint/house.config.mjs); `npm run lint`
 * runs both.
 */
import { spawnSync } from 'child_process';
import { join } from 'path';

import { PACKAGE_ROOT } from '../harness/loadPackage';

export interface LintMessage {
	ruleId: string | null;
	severity: 1 | 2;
	message: string;
}

/** The messages eslint gives for this text under this file name, with the project's config. */
export function lint(text: string, fileName: string, extraArgs: string[] = []): LintMessage[] {
	const eslint = join(PACKAGE_ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');
	const result = spawnSync(
		process.execPath,
		[eslint, '--format', 'json', '--stdin', '--stdin-filename', fileName, ...extraArgs],
		{
			cwd: PACKAGE_ROOT,
			input: text,
			// As `npm run lint` runs: jest's NODE_ENV=test switches eslint-plugin-n8n-nodes-base to
			// its own test mode.
			env: { ...process.env, NODE_ENV: 'production' },
			encoding: 'utf8',
			timeout: 60_000,
		},
	);
	const [report] = JSON.parse(result.stdout) as Array<{ messages: LintMessage[] }>;
	return report.messages;
}

/** The house rules' config, apart from n8n-node's. */
export const HOUSE_CONFIG = join(PACKAGE_ROOT, 'eslint', 'house.config.mjs');

/** `lint` for many texts at once, through the house rules: one eslint process, one config load. */
export function lintEach(texts: Array<{ text: string; fileName: string }>): LintMessage[][] {
	const result = spawnSync(process.execPath, [join(__dirname, 'lintTexts.mjs'), HOUSE_CONFIG], {
		cwd: PACKAGE_ROOT,
		input: JSON.stringify(texts),
		env: { ...process.env, NODE_ENV: 'production' },
		encoding: 'utf8',
		timeout: 120_000,
	});
	if (result.status !== 0) throw new Error(`eslint failed: ${result.stderr}`);
	return JSON.parse(result.stdout) as LintMessage[][];
}

export const errors = (messages: LintMessage[]) =>
	messages.filter((message) => message.severity === 2).map((message) => message.ruleId);
export const warnings = (messages: LintMessage[]) =>
	messages.filter((message) => message.severity === 1).map((message) => message.ruleId);
