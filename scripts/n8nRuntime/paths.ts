/** Where the local n8n lives: a git-ignored folder of the repository, reused between runs. */
import { join, resolve } from 'path';

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const RUNTIME_DIR = join(REPO_ROOT, '.n8n-runtime');
export const EXAMPLES_DIR = join(REPO_ROOT, 'examples');

export const N8N_HOST = '127.0.0.1';
export const N8N_PORT = 5678;
export const SANDBOX_PORT = 4010;

/**
 * What `npm start` keeps, all in one folder (`.n8n-runtime/` unless PAY_START_FOLDER names
 * another, as its test does).
 */
export interface StartSettings {
	/** The user folder of n8n (database, settings, installed community package). */
	userFolder: string;
	/** What n8n prints: the README sends users here when a callback is refused. */
	logFile: string;
	/** The sandbox's records between two starts. */
	sandboxStateFile: string;
	/** Holds the process id of the running `npm start`, so a second one can say so. */
	lockFile: string;
	n8nPort: number;
	sandboxPort: number;
}

export function startSettings(env: NodeJS.ProcessEnv = process.env): StartSettings {
	const folder = env.PAY_START_FOLDER ? resolve(env.PAY_START_FOLDER) : RUNTIME_DIR;
	return {
		userFolder: join(folder, 'user'),
		logFile: join(folder, 'n8n.log'),
		sandboxStateFile: join(folder, 'sandbox-state.json'),
		lockFile: join(folder, 'start.pid'),
		n8nPort: Number(env.PAY_N8N_PORT ?? N8N_PORT),
		sandboxPort: Number(env.PAY_SANDBOX_PORT ?? SANDBOX_PORT),
	};
}
