/**
 * Compiles bench/memoryProbe.ts and what it imports to JavaScript (bench/tsconfig.probe.json), so
 * the memory probe runs without ts-node. The TypeScript compiler would otherwise be part of the
 * measured process, and V8 lets the heap grow to about four times what is alive before its first
 * full collection: every megabyte of tooling would count about three times in the peak.
 */
import { execFile } from 'child_process';
import { join } from 'path';
import { promisify } from 'util';

const ROOT = join(__dirname, '..');

export async function compileMemoryProbe(): Promise<string> {
	await promisify(execFile)(
		process.execPath,
		[require.resolve('typescript/bin/tsc'), '-p', join(__dirname, 'tsconfig.probe.json')],
		{ cwd: ROOT },
	);
	return join(ROOT, '.tmp', 'bench-probe', 'bench', 'memoryProbe.js');
}
