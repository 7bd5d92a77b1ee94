/**
 * Runs before every test file, before n8n-core is first required: its instance settings write a
 * config file into the user folder, and a folder left by another run (another key) would stop
 * executions with "Mismatching encryption keys". So each test process gets a fresh one.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

process.env.N8N_USER_FOLDER = mkdtempSync(join(tmpdir(), 'n8n-nodes-pay-test-'));
process.env.N8N_ENCRYPTION_KEY = 'test-encryption-key-for-n8n-nodes-pay';
process.env.N8N_LOG_LEVEL = 'silent';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
