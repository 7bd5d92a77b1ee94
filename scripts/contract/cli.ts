/**
 * `npm run contract -- --base-url … --api-key … --refresh-token … [--slug …] [--create]
 * [--expect spec|observed|both] [--share] [--out dir]`: checks the service's answers against the
 * shapes the node reads, writes report.md and report.json, and exits 0 only when every call made
 * matches.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import { join, resolve } from 'path';

import type { CallResult } from './checkCall';
import { reportMarkdown, summary } from './reportMarkdown';
import { plan, runContractCheck } from './runCheck';
import { UsageError, readSettings } from './settings';

const USAGE =
	'Usage: npm run contract -- --base-url URL --api-key KEY --refresh-token TOKEN [--slug SLUG] [--create] [--expect spec|observed|both] [--share] [--out DIR]\n(or PAY_BASE_URL, PAY_API_KEY, PAY_REFRESH_TOKEN, PAY_SLUG)';

function packageVersion(): string {
	const manifest = readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8');
	return (JSON.parse(manifest) as { version: string }).version;
}

/** A call skipped because it was not asked for (no --slug) stands in the way of nothing. */
function isFine(result: CallResult): boolean {
	return result.outcome === 'matches' || result.outcome === 'skipped';
}

export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
	let settings;
	try {
		settings = readSettings(argv, env);
	} catch (error) {
		if (!(error instanceof UsageError)) throw error;
		console.error(`${error.message}\n${USAGE}`);
		return 2;
	}
	for (const line of plan(settings)) console.log(line);
	const report = await runContractCheck(settings);
	const markdown = reportMarkdown(report, packageVersion());
	const outDir = resolve(settings.outDir);
	mkdirSync(outDir, { recursive: true });
	writeFileSync(join(outDir, 'report.md'), markdown);
	writeFileSync(join(outDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
	console.log(summary(report.results));
	console.log(`Report: ${join(outDir, 'report.md')} and report.json`);
	if (settings.share) console.log(`\n${markdown}`);
	return report.results.every(isFine) ? 0 : 1;
}

if (require.main === module) {
	main(process.argv.slice(2), process.env).then(
		(code) => (process.exitCode = code),
		(error: Error) => {
			// Only the message: a stack could show a request's options.
			console.error(`The contract check stopped: ${error.message}`);
			process.exitCode = 2;
		},
	);
}
