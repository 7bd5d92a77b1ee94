/** Where the local n8n lives: a git-ignored folder of the repository, reused between runs. */
import { join, resolve } from 'path';

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const RUNTIME_DIR = join(REPO_ROOT, '.n8n-runtime');
/** The pinned n8n: the newest that runs on Node 20. */
export const N8N_VERSION = '2.8.4';
export const N8N_INSTALL_DIR = join(RUNTIME_DIR, 'n8n');
export const N8N_BIN = join(N8N_INSTALL_DIR, 'node_modules', '.bin', 'n8n');
export const PACK_DIR = join(RUNTIME_DIR, 'pack');
/** The user folder of `npm start` (database, settings, installed community package). */
export const START_USER_FOLDER = join(RUNTIME_DIR, 'user');
export const EXAMPLES_DIR = join(REPO_ROOT, 'examples');

export const N8N_HOST = '127.0.0.1';
export const N8N_PORT = 5678;
export const SANDBOX_PORT = 4010;
