/**
 * Workflows the end-to-end tests import besides the examples, before n8n starts:
 * - the examples as they were saved at Pay version 1 (test/fixtures/savedAtVersion1), to run
 *   unchanged: only their id and name change, so they sit beside today's examples;
 * - a copy of the invoicing example with npm start's own addresses (n8n on 5678, the sandbox on
 *   4010), for the screenshots: they show what `npm start` shows, not a test-only port;
 * - the editor check's workflow: a Pay node at version 2 charging a card, both fields still empty;
 * - the invoice-and-wait example with its waits of 3 seconds (its own id and webhook path,
 *   published), to see a lost callback reach the paid branch after one wait, not at the expiry;
 * - the invoicing example's first nodes with seven rows, the second one's amount "abc", at the
 *   Pay node's default error setting: nothing may be created.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { withLocalAddresses } from '../../scripts/n8nRuntime/examples';
import { importWorkflow, publishWorkflow } from '../../scripts/n8nRuntime/n8nCli';
import { EXAMPLES_DIR, REPO_ROOT } from '../../scripts/n8nRuntime/paths';
import type { LocalN8n } from './localN8n';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures');

/**
 * The saved copies, by the id they are imported under (n8n saves static data for ids
 * of at most 21 characters).
 */
export const SAVED_AT_VERSION_1 = {
	savedV1CardOnFile: 'card-on-file.json',
	savedV1Invoicing: 'invoicing.json',
	savedV1Transfer: 'verification-and-transfer.json',
} as const;

export const SCREENSHOT_INVOICING_ID = 'payShotInvoicing';
export const EDITOR_CHECK_ID = 'payEditorCheck';
export const INVOICE_WAIT_LIMIT = {
	id: 'payInvoiceWaitLimit',
	path: 'pay-invoice-wait-limit',
	webhookId: '6d1c2b7e-3f4a-4c5d-9e8f-7a6b5c4d3e99',
};

export const SEVEN_ROWS_ONE_BAD = { id: 'paySevenRowsOneBad', payNode: 'Create Payment Link' };

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
	const shortly = invoiceWaitingThreeSeconds(n8n, sandboxBaseUrl, INVOICE_WAIT_LIMIT);
	await write(`${INVOICE_WAIT_LIMIT.id}.json`, shortly);
	await publishWorkflow(n8n.instance, INVOICE_WAIT_LIMIT.id);
	await write(`${SEVEN_ROWS_ONE_BAD.id}.json`, sevenRowsOneBad(n8n, sandboxBaseUrl));
}

/** Start → Customers (seven rows, the second one's amount "abc") → Split Rows → the Pay node. */
function sevenRowsOneBad(n8n: LocalN8n, sandboxBaseUrl: string): Record<string, unknown> {
	const text = readFileSync(join(EXAMPLES_DIR, 'invoicing.json'), 'utf8');
	const example = JSON.parse(withLocalAddresses(text, sandboxBaseUrl, n8n.baseUrl)) as {
		nodes: Array<{ name: string; parameters: Record<string, unknown> }>;
		connections: Record<string, { main: Array<Array<{ node: string }>> }>;
	};
	const kept = ['Start', 'Customers', 'Split Rows', SEVEN_ROWS_ONE_BAD.payNode];
	const rows = Array.from({ length: 7 }, (_, index) => ({
		customer: `Customer ${index}`,
		invoice: `INV-7${index}`,
		amount: index === 1 ? 'abc' : 1000 + index,
	}));
	const nodes = example.nodes.filter((node) => kept.includes(node.name));
	for (const node of nodes)
		if (node.name === 'Customers') node.parameters.jsonOutput = JSON.stringify({ rows });
	const connections = Object.fromEntries(
		Object.entries(example.connections).filter(([from]) => kept.slice(0, -1).includes(from)),
	);
	return {
		...example,
		nodes,
		connections,
		id: SEVEN_ROWS_ONE_BAD.id,
		name: 'E2E: seven rows into Payment → Create, one bad',
	};
}

/** The invoice-and-wait example, each wait 3 seconds long, under its own id and webhook path. */
export function invoiceWaitingThreeSeconds(
	n8n: LocalN8n,
	sandboxBaseUrl: string,
	as: { id: string; path: string; webhookId: string },
): Record<string, unknown> {
	const text = readFileSync(join(EXAMPLES_DIR, 'invoice-and-wait.json'), 'utf8');
	const example = JSON.parse(withLocalAddresses(text, sandboxBaseUrl, n8n.baseUrl)) as {
		nodes: Array<{ type: string; webhookId?: string; parameters: Record<string, unknown> }>;
	};
	for (const node of example.nodes) {
		if (node.type === 'n8n-nodes-base.webhook') {
			node.parameters.path = as.path;
			node.webhookId = as.webhookId;
		}
		if (node.parameters.operation === 'getWaitedLinks')
			Object.assign(node.parameters, { checkEvery: 0.05, checkEveryUnit: 'minutes' });
		if (node.parameters.operation === 'createAndWait')
			Object.assign(node.parameters, {
				waitLimit: 'afterInterval',
				waitAmount: 0.05,
				waitUnit: 'minutes',
			});
	}
	return { ...example, id: as.id, name: `E2E: invoice and wait, 3-second waits (${as.path})` };
}
