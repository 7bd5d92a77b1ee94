/**
 * The packed tarball's size, and the time to require the built nodes once n8n-workflow is loaded.
 */
import { execFileSync } from 'child_process';
import { join } from 'path';

import type { BenchmarkResult } from './measure';

const ROOT = join(__dirname, '..');

export function benchmarkPackage(): BenchmarkResult[] {
	const packed = JSON.parse(
		execFileSync('npm', ['pack', '--dry-run', '--json', '--loglevel=error'], {
			cwd: ROOT,
			encoding: 'utf8',
		}),
	) as Array<{ size: number; unpackedSize: number; entryCount: number }>;
	const sizeKb = packed[0].size / 1024;
	// A fresh process: n8n has n8n-workflow loaded already, so only our files are timed.
	const script = `
		require('n8n-workflow');
		const started = process.hrtime.bigint();
		require('./dist/credentials/PayApi.credentials.js');
		require('./dist/nodes/Pay/Pay.node.js');
		require('./dist/nodes/PayTrigger/PayTrigger.node.js');
		console.log(Number(process.hrtime.bigint() - started) / 1e6);`;
	const requireMs = Math.min(
		...[1, 2, 3].map(() =>
			Number(
				execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' }).trim(),
			),
		),
	);
	return [
		{
			name: 'Package size',
			measured: `npm pack: ${sizeKb.toFixed(0)} KB packed, ${(packed[0].unpackedSize / 1024).toFixed(0)} KB unpacked, ${packed[0].entryCount} files`,
			figure: `${sizeKb.toFixed(0)} KB`,
			target: '< 200 KB',
			met: sizeKb < 200,
		},
		{
			name: 'Require time',
			measured: `requiring the credential and both nodes from dist/ (best of 3 fresh processes, n8n-workflow preloaded)`,
			figure: `${requireMs.toFixed(1)} ms`,
			target: '< 50 ms',
			met: requireMs < 50,
		},
	];
}
