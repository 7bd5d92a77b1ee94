/**
 * The example workflows as n8n takes them. n8n saves a workflow's static data only for an id of at
 * most 21 characters (its `isWorkflowIdValid`, 2.8.4 and 2.41.1 alike): with a longer id the Pay
 * Trigger's repeat records never reached the database.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { DEMO_ACCOUNT } from '../../sandbox/state';
import { prepareExamples } from '../../scripts/n8nRuntime/examples';
import { LEDGER_COLUMNS, LEDGER_TABLE_NAME } from '../../scripts/n8nRuntime/ledgerTable';
import { EXAMPLES_DIR } from '../../scripts/n8nRuntime/paths';

const examples = readdirSync(EXAMPLES_DIR)
	.filter((name) => name.endsWith('.json'))
	.map((name) => ({
		name,
		workflow: JSON.parse(readFileSync(join(EXAMPLES_DIR, name), 'utf8')) as {
			id: string;
			nodes: Array<{ name: string; type: string; parameters: Record<string, unknown> }>;
		},
	}));

describe('example workflows', () => {
	it.each(examples.map(({ name, workflow }) => [name, workflow.id]))(
		'%s has an id n8n saves static data for (%s)',
		(_name, id) => {
			expect(id.length).toBeGreaterThan(0);
			expect(id.length).toBeLessThanOrEqual(21);
		},
	);

	// The live service refuses a creation without either (403); the node fails
	// the item before sending.
	const creations = examples.flatMap(({ name, workflow }) =>
		workflow.nodes
			.filter(
				(node) =>
					node.type === 'n8n-nodes-pay.pay' &&
					node.parameters.resource === 'payment' &&
					node.parameters.operation === 'create',
			)
			.map((node) => [`${name}: ${node.name}`, node.parameters] as const),
	);

	it('create payment links in some examples', () => expect(creations.length).toBeGreaterThan(0));

	it.each(creations)(
		'%s gives the Payer Redirect URL and the Callback URL',
		(_name, parameters) => {
			expect(parameters.payerRedirectUrl).toMatch(/^https?:\/\/\S+$/);
			expect(parameters.callbackUrl).toMatch(/^https?:\/\/\S+$/);
		},
	);
});

describe('the money-received example', () => {
	const example = examples.find(({ workflow }) =>
		workflow.nodes.some((node) => node.type === 'n8n-nodes-pay.payMoneyReceivedTrigger'),
	);

	it('exists, and npm start publishes it as a polling workflow (the end-to-end setup does not)', () => {
		expect(example?.name).toBe('money-received.json');
		const prepared = prepareExamples(
			mkdtempSync(join(tmpdir(), 'examples-')),
			'http://s',
			'http://n',
		);
		const entry = prepared.find((candidate) => candidate.id === example?.workflow.id);
		expect(entry).toMatchObject({ polls: true, hasTrigger: false, executable: false });
		expect(prepared.filter((candidate) => candidate.polls)).toHaveLength(1);
	});

	it("names the sandbox's demo account as its transfer list does, and checks every minute", () => {
		const trigger = example?.workflow.nodes.find(
			(node) => node.type === 'n8n-nodes-pay.payMoneyReceivedTrigger',
		);
		expect(trigger?.parameters.account).toBe(DEMO_ACCOUNT.username);
		expect(trigger?.parameters.pollTimes).toEqual({ item: [{ mode: 'everyMinute' }] });
	});
});

describe('the examples that wait inside one execution', () => {
	const waiting = examples.filter(({ workflow }) =>
		workflow.nodes.some(
			(node) =>
				node.type === 'n8n-nodes-pay.pay' &&
				['createAndWait', 'withdrawAndWait'].includes(String(node.parameters.operation)),
		),
	);

	it('are the invoice and the payout one, each started from the editor or by its webhook, which npm start publishes', () => {
		expect(waiting.map(({ name }) => name).sort()).toEqual([
			'invoice-and-wait.json',
			'payout-and-wait.json',
		]);
		const prepared = prepareExamples(
			mkdtempSync(join(tmpdir(), 'examples-')),
			'http://s',
			'http://n',
		);
		for (const { workflow } of waiting)
			expect(prepared.find((candidate) => candidate.id === workflow.id)).toMatchObject({
				executable: true,
				hasTrigger: false,
				polls: false,
				webhookPath: expect.stringMatching(/^pay-[a-z-]+$/),
			});
		// `n8n execute` could not follow a wait: only these start by a webhook, each on its own path.
		expect(
			prepared
				.filter((candidate) => candidate.webhookPath !== undefined)
				.map((candidate) => candidate.webhookPath)
				.sort(),
		).toEqual(['pay-invoice-and-wait', 'pay-payout-and-wait']);
	});
});

describe('the ledger examples', () => {
	const tableNodes = examples.flatMap(({ name, workflow }) =>
		workflow.nodes
			.filter((node) => node.type === 'n8n-nodes-base.dataTable')
			.map((node) => ({ example: name, node })),
	);
	const columnNames: string[] = LEDGER_COLUMNS.map((column) => column.name);

	it('write to the ledger in invoicing, reconciliation, invoice-and-wait, the sweep and the report', () => {
		expect(
			tableNodes.map(({ example, node }) => `${example}: ${String(node.parameters.operation)}`),
		).toEqual([
			'invoice-and-wait.json: upsert',
			'invoicing.json: insert',
			'ledger-report.json: get',
			'ledger-sweep.json: get',
			'ledger-sweep.json: update',
			'reconciliation.json: upsert',
		]);
	});

	// By name: n8n gives a new table its own id, which no example file can know.
	it.each(tableNodes.map(({ example, node }) => [`${example}: ${node.name}`, node.parameters]))(
		'%s names the table npm start creates, and writes and filters only its columns',
		(_name, parameters) => {
			expect(parameters.dataTableId).toMatchObject({ mode: 'name', value: LEDGER_TABLE_NAME });
			const written = Object.keys(
				(parameters.columns as { value?: Record<string, unknown> } | undefined)?.value ?? {},
			);
			const filtered = (
				(parameters.filters as { conditions?: Array<{ keyName: string }> } | undefined)
					?.conditions ?? []
			).map((condition) => condition.keyName);
			for (const column of [...written, ...filtered]) expect(columnNames).toContain(column);
		},
	);

	it('npm start publishes the sweep and the report (they run on a schedule), and no other as such', () => {
		const prepared = prepareExamples(
			mkdtempSync(join(tmpdir(), 'examples-')),
			'http://s',
			'http://n',
		);
		expect(
			prepared
				.filter((example) => example.scheduled)
				.map((example) => example.id)
				.sort(),
		).toEqual(['payExampleReport', 'payExampleSweep']);
	});
});
