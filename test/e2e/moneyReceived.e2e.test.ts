/**
 * The Pay Money Received Trigger in a real n8n (regular mode, SQLite), through the example
 * "money received → reconcile" as `npm start` imports it, published: its activation poll takes the
 * history in and starts nothing; three transfers received start exactly three executions, one
 * transfer each; after n8n is restarted (nothing left in memory) they start nothing again; a
 * transfer the account sent starts nothing, while one received that the service lists late (dated
 * before every transfer seen) starts exactly one, and n8n's log names it. Polls are n8n's own,
 * every minute (the shortest n8n allows), so each step waits for a poll the sandbox counts
 * (`GET /send/`), and the waits are measured. Counts are exact: once the executions expected are
 * done, a further 2 s (executions start within about 1.5 s of their poll) shows no other.
 * Ports: PAY_E2E_PORT + 120 and + 135 (and the task-broker ports 10 and 11 above each).
 */
import { readFileSync } from 'fs';

import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { publishWorkflow } from '../../scripts/n8nRuntime/n8nCli';
import { N8N_NEWEST, N8N_OLDEST } from '../../scripts/n8nRuntime/releases';
import type { N8nRelease } from '../../scripts/n8nRuntime/releases';
import { E2E_PORT, prepareLocalN8n } from './localN8n';
import type { LocalN8n } from './localN8n';
import {
	executionItems,
	executionsOf,
	logIn,
	waitForExecutions,
	workflowStaticData,
} from './n8nRest';
import type { ExecutionSummary } from './n8nRest';

jest.setTimeout(240_000);

const WORKFLOW = 'payExampleMoneyIn';
const TRIGGER_DATA = 'node:Money Received';

describe.each([
	{ release: N8N_NEWEST, port: E2E_PORT + 120 },
	{ release: N8N_OLDEST, port: E2E_PORT + 135 },
])(
	'Pay Money Received Trigger in n8n $release.version',
	({ release, port }: { release: N8nRelease; port: number }) => {
		let sandbox: Sandbox;
		let n8n: LocalN8n;
		let cookie: string;

		const polls = async () => await sandbox.control.count('GET /send/');
		const pollRuns = async () =>
			(await executionsOf(n8n.baseUrl, cookie, WORKFLOW)).filter(
				(execution) => execution.mode === 'trigger',
			);

		/** Waits for the sandbox to count a poll after `after` polls; returns how long it took. */
		async function nextPoll(after: number, timeoutMs = 100_000): Promise<number> {
			const started = Date.now();
			while ((await polls()) <= after) {
				if (Date.now() - started > timeoutMs) throw new Error('n8n polled no more');
				await new Promise((resolve) => setTimeout(resolve, 250));
			}
			return Date.now() - started;
		}

		/** The trigger's executions: exactly `count`, all done, and no other within 2 s. */
		async function exactly(count: number): Promise<ExecutionSummary[]> {
			await waitForExecutions(n8n.baseUrl, cookie, WORKFLOW, count, 'trigger', 30_000);
			await new Promise((resolve) => setTimeout(resolve, 2000));
			const runs = await pollRuns();
			expect(runs).toHaveLength(count);
			return runs;
		}

		async function startN8n(): Promise<void> {
			await n8n.start();
			cookie = await logIn(n8n.baseUrl);
		}

		beforeAll(async () => {
			sandbox = await startSandbox({ port: 0 });
			n8n = await prepareLocalN8n(sandbox, {
				folder: `e2e-money-in-${release.version}`,
				port,
				release,
			});
			await publishWorkflow(n8n.instance, WORKFLOW);
			// History before activation: one received, one sent; and one received the service lists
			// only later (dated now: before every transfer the trigger will have seen by then).
			await sandbox.control.updateAccount('friend', { balance: 1_000_000 });
			await sandbox.control.sendTransfer({ from: 'friend', to: 'demo', amount: 1000 });
			await sandbox.control.sendTransfer({ from: 'demo', to: 'friend', amount: 500 });
			await sandbox.control.sendTransfer({
				from: 'friend',
				to: 'demo',
				amount: 9000,
				listed: false,
			});
			await startN8n();
		}, 30 * 60_000);

		afterAll(async () => {
			await n8n?.stop();
			await sandbox?.close();
		}, 60_000);

		it('activation polls at once, starts nothing for the history, and n8n saves what it saw', async () => {
			await nextPoll(0, 60_000);
			const deadline = Date.now() + 10_000;
			let saved: Record<string, unknown> | undefined;
			while (saved?.started === undefined && Date.now() < deadline) {
				saved = (await workflowStaticData(n8n.baseUrl, cookie, WORKFLOW))[TRIGGER_DATA];
				await new Promise((resolve) => setTimeout(resolve, 250));
			}
			expect(Object.values(saved?.seen ?? {})).toEqual([1, 1]);
			await exactly(0);
		});

		it('three transfers received: exactly three executions at the next poll, one transfer each', async () => {
			const before = await polls();
			for (const amount of [11_000, 12_000, 13_000])
				await sandbox.control.sendTransfer({ from: 'friend', to: 'demo', amount });
			const created = Date.now();
			const waited = await nextPoll(before);
			await waitForExecutions(n8n.baseUrl, cookie, WORKFLOW, 3, 'trigger', 30_000);
			console.log(
				`n8n ${release.version}: next poll ${waited} ms after the transfers; 3 executions done ${Date.now() - created} ms after them`,
			);
			const runs = await exactly(3);
			expect(runs.every((run) => run.status === 'success')).toBe(true);
			const entries = await Promise.all(
				runs.map(async (run) => await executionItems(n8n.baseUrl, cookie, run.id, 'Ledger Entry')),
			);
			expect(entries.map((items) => items.map((item) => item.amount_cop)).sort()).toEqual([
				[11_000],
				[12_000],
				[13_000],
			]);
			expect(entries.flat().map((item) => item.received_from)).toEqual([
				'friend',
				'friend',
				'friend',
			]);
		});

		it('after a restart of n8n, its activation poll starts nothing again', async () => {
			await n8n.stop();
			const before = await polls();
			const stopped = Date.now();
			await startN8n();
			await nextPoll(before, 60_000);
			console.log(`n8n ${release.version}: restarted and polled in ${Date.now() - stopped} ms`);
			await exactly(3);
		});

		it('at the next poll, a transfer the account sent starts nothing; one received and listed late starts exactly one execution, named in the log', async () => {
			const before = await polls();
			await sandbox.control.sendTransfer({ from: 'demo', to: 'friend', amount: 700 });
			const [late] = await sandbox.control.listHeldTransfers();
			await nextPoll(before);
			const runs = await exactly(4);
			const newest = runs.sort((a, b) => Number(b.id) - Number(a.id))[0];
			expect(await executionItems(n8n.baseUrl, cookie, newest.id, 'Ledger Entry')).toEqual([
				expect.objectContaining({ amount_cop: 9000, received_at: late.date }),
			]);
			expect(readFileSync(n8n.logFile, 'utf8')).toContain(
				`a transfer listed late, dated before the newest one already seen`,
			);
			expect(readFileSync(n8n.logFile, 'utf8')).toContain(
				`${late.date} from friend to demo, amount 9000`,
			);
		});
	},
);
