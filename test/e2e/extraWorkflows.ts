/**
 * Workflows the end-to-end tests import besides the examples, before n8n starts:
 * - the examples as they were saved at Pay version 1 (test/fixtures/savedAtVersion1), to run
 *   unchanged: only their id and name change, so they sit beside today's examples;
 * - a copy of the invoicing example with npm start's own addresses (n8n on 5678, the sandbox on
 *   4010), for the screenshots: they show what `npm start` shows, not a test-only port;
 * - the editor check's workflow: a Pay node at version 2 charging a card, both fields still empty.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { withLocalAddresses } from '../../scripts/n8nRuntime/examples';
import { importWorkflow } from '../../scripts/n8nRuntime/n8nCli';
import { EXAMPLES_DIR, REPO_ROOT } from '../../scripts/n8nRuntime/paths';
import type { LocalN8n } from './localN8n';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures');

/** The saved copies, by the id they are imported under (n8n saves static data for ids of at most 21 characters). */
export const SAVED_AT_VERSION_1 = {
	savedV1CardOnFile: 'card-on-file.json',
	savedV1Invoicing: 'invoicing.json',
	savedV1Transfer: 'verification-and-transfer.json',
} as const;

export const SCREENSHOT_INVOICING_ID = 'payShotInvoicing';
export const EDITOR_CHECK_ID = 'payEditorCheck';

export async function importExtraWorkflows(n8n: LocalN8n, sandboxBaseUrl: string): Promise<void> {
	const folder = join(n8n.instance.userFolder, 'extra-workflows');
	const write = async (name: string, workflow: Record<string, unknown>) => {
		const file = join(folder, name);
		writeFileSync(file, JSON.stringify(workflow, null, '\t'));
		await importWorkflow(n8n.instance, file);
	};
	mkdirSync(folder, { recursive: true });
	for (const [id, fileName] of Object.entries(SAVED_AT_VERSION_1)) {
		const text = readFileSync(join(FIXTURES, 'savedAtVersion1', fileName), 'utf8');
		const saved = JSON.parse(withLocalAddresses(text, sandboxBaseUrl, n8n.baseUrl));
		await write(`${id}.json`, { ...saved, id, name: `${saved.name} (saved at version 1)` });
	}
	const invoicing = JSON.parse(readFileSync(join(EXAMPLES_DIR, 'invoicing.json'), 'utf8'));
	await write(`${SCREENSHOT_INVOICING_ID}.json`, { ...invoicing, id: SCREENSHOT_INVOICING_ID });
	const editorCheck = readFileSync(join(FIXTURES, 'editorCheck', 'card-charge.json'), 'utf8');
	await write(`${EDITOR_CHECK_ID}.json`, JSON.parse(editorCheck));
}
