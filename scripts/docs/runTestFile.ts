/** Runs one jest test file of the observed project, with extra environment, as `npm test` would. */
import { spawnSync } from 'child_process';
import { join } from 'path';

export const ROOT = join(__dirname, '..', '..');

/** Whether every test of the file (those whose name matches `only`, when given) passed. */
export function runTestFile(file: string, env: Record<string, string>, only?: string): boolean {
	// The file comes first: `--selectProjects` takes every argument after it as a project name.
	const filter = only === undefined ? [] : ['--testNamePattern', only];
	const run = spawnSync(
		process.execPath,
		[require.resolve('jest/bin/jest'), file, ...filter, '--selectProjects', 'observed'],
		{ cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } },
	);
	return run.status === 0;
}
