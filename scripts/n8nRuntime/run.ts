/** Runs a command, streaming or capturing its output; rejects with the output's tail on failure. */
import { spawn } from 'child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

export interface RunOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	/** Print the output as it comes (long installs), rather than only keep it. */
	stream?: boolean;
}

export async function run(
	command: string,
	args: string[],
	options: RunOptions = {},
): Promise<string> {
	return await new Promise((resolvePromise, reject) => {
		const child = spawn(command, args, {
			cwd: options.cwd,
			env: options.env ?? process.env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		const collect = (chunk: Buffer) => {
			output += chunk.toString();
			if (options.stream) process.stdout.write(chunk);
		};
		child.stdout.on('data', collect);
		child.stderr.on('data', collect);
		child.on('error', reject);
		child.on('close', (code) => {
			if (code === 0) resolvePromise(output);
			else
				reject(
					new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-3000)}`),
				);
		});
	});
}

/**
 * Like `run`, but the output goes to a file: n8n's CLI ends with `process.exit`, which cuts a large
 * output written to a pipe short (a file is written synchronously). Resolves with the output and
 * the exit code, never rejects on a non-zero code.
 */
export async function runToFile(
	command: string,
	args: string[],
	options: RunOptions = {},
): Promise<{ code: number | null; output: string }> {
	const dir = mkdtempSync(join(tmpdir(), 'pay-run-'));
	const file = join(dir, 'output.txt');
	const fd = openSync(file, 'w');
	try {
		const code = await new Promise<number | null>((resolvePromise, reject) => {
			const child = spawn(command, args, {
				cwd: options.cwd,
				env: options.env ?? process.env,
				stdio: ['ignore', fd, fd],
			});
			child.on('error', reject);
			child.on('close', resolvePromise);
		});
		return { code, output: readFileSync(file, 'utf8') };
	} finally {
		closeSync(fd);
		rmSync(dir, { recursive: true, force: true });
	}
}
