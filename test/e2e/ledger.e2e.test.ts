/**
 * The ledger examples end to end in real n8n (regular mode, SQLite), with the "Pay ledger" Data
 * Table made as `npm start` makes it: invoicing records each link open; a callback marks its row
 * paid with the accounting fields; a link paid with its callback dropped stays open until the sweep
 * (its Schedule trigger run through n8n's REST API) finds it and marks it paid, and a second sweep
 * changes nothing; the daily report's CSV totals equal the sandbox's records of yesterday; the
 * invoice-and-wait example records the outcome of its wait.
 * Ports: PAY_E2E_PORT + 340 and + 355 (and the task-broker ports 10 and 11 above each).
 */
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { feesFor, cents } from '../../sandbox/fees';
import { N8N_NEWEST, N8N_OLDEST } from '../../scripts/n8nRuntime/releases';
import type { N8nRelease } from '../../scripts/n8nRuntime/releases';
import { ledgerRows, rowOf } from './ledgerRows';
import { E2E_PORT, prepareLocalN8n } from './localN8n';
import type { LocalN8n } from './localN8n';
import { executionFileText, runToTheEnd } from './manualRun';
import {
	executionItems,
	logIn,
	newestExecutionIn,
	postToWebhook,
	waitForExecutions,
} from './n8nRest';

jest.setTimeout(120_000);

const INVOICING = { id: 'payExampleInvoicing', trigger: 'Start' };
const SWEEP = { id: 'payExampleSweep', trigger: 'Every 15 Minutes' };
const REPORT = { id: 'payExampleReport', trigger: 'Every Day at 6' };
const BOGOTA_OFFSET = '-05:00';

/** Noon of yesterday in Bogotá (UTC-5 all year), the report's time zone. */
function yesterdayNoonInBogota(): { day: string; instant: string } {
	const bogotaNow = new Date(Date.now() - 5 * 3_600_000);
	const day = new Date(bogotaNow.getTime() - 86_400_000).toISOString().slice(0, 10);
	return { day, instant: new Date(`${day}T12:00:00${BOGOTA_OFFSET}`).toISOString() };
}

describe.each([
	{ release: N8N_NEWEST, port: E2E_PORT + 340 },
	{ release: N8N_OLDEST, port: E2E_PORT + 355 },
])(
	'The ledger in n8n $release.version',
	({ release, port }: { release: N8nRelease; port: number }) => {
		let sandbox: Sandbox;
		let n8n: LocalN8n;
		let cookie: string;
		/** The invoicing example's links, by invoice. */
		const links: Record<string, string> = {};
		const yesterday = yesterdayNoonInBogota();

		const rows = async () => await ledgerRows(n8n.baseUrl, cookie, n8n.ledger);
		const run = async (workflow: { id: string; trigger: string }) => {
			const execution = await runToTheEnd(n8n.baseUrl, cookie, workflow.id, workflow.trigger);
			expect(execution.status).toBe('success');
			return execution.id;
		};

		beforeAll(async () => {
			sandbox = await startSandbox({ port: 0 });
			n8n = await prepareLocalN8n(sandbox, {
				folder: `e2e-ledger-${release.version}`,
				port,
				release,
			});
			await n8n.start();
			cookie = await logIn(n8n.baseUrl);
		}, 30 * 60_000);

		afterAll(async () => {
			await n8n?.stop();
			await sandbox?.close();
		}, 60_000);

		it('invoicing records each link it creates in the ledger, open', async () => {
			await run(INVOICING);
			const payments = await sandbox.control.payments();
			expect(payments).toHaveLength(3);
			const ledger = await rows();
			expect(ledger.map(({ invoice, state }) => ({ invoice, state }))).toEqual([
				{ invoice: 'INV-1001', state: 'open' },
				{ invoice: 'INV-1002', state: 'open' },
				{ invoice: 'INV-1003', state: 'open' },
			]);
			for (const row of ledger) {
				const payment = payments.find((candidate) => candidate.slug === row.slug);
				expect(row.amount).toBe(payment?.amount);
				links[row.invoice as string] = row.slug;
			}
		});

		it('a callback marks its row paid with the accounting fields', async () => {
			const slug = links['INV-1002'];
			await sandbox.control.pay(slug);
			await waitForExecutions(n8n.baseUrl, cookie, 'payExampleReconcile', 1);
			const row = rowOf(await rows(), slug);
			const fees = feesFor(125000);
			expect(row).toMatchObject({
				state: 'paid',
				marked_by: 'callback',
				gross_amount: 125000,
				fee_amount: fees.fee,
				iva_amount: fees.iva,
				net_amount: fees.net,
				currency: 'COP',
				payment_method: 'pse',
			});
			expect(Date.parse(row.paid_at ?? '')).toBe(
				Date.parse((await sandbox.control.payment(slug)).paidAt ?? ''),
			);
		});

		it('a link paid with its callback dropped stays open until the sweep finds it; a second sweep changes nothing', async () => {
			const slug = links['INV-1001'];
			await sandbox.control.pay(slug, undefined, false, yesterday.instant);
			expect(
				(await sandbox.control.callbacks()).map((callback) => callback.body.url),
			).not.toContain(slug);
			expect(rowOf(await rows(), slug).state).toBe('open');

			const first = await run(SWEEP);
			const swept = await rows();
			expect(rowOf(swept, slug)).toMatchObject({
				state: 'paid',
				marked_by: 'sweep',
				gross_amount: 50000,
				net_amount: feesFor(50000).net,
			});
			expect(Date.parse(rowOf(swept, slug).paid_at ?? '')).toBe(Date.parse(yesterday.instant));
			// The one still open at the service stays open; the one the callback marked is not read.
			expect(rowOf(swept, links['INV-1003']).state).toBe('open');
			const marked = await executionItems(n8n.baseUrl, cookie, first, 'Mark in Ledger');
			expect(marked.map((row) => row.slug)).toEqual([slug]);

			const second = await run(SWEEP);
			expect(await executionItems(n8n.baseUrl, cookie, second, 'Mark in Ledger')).toEqual([]);
			expect(await rows()).toEqual(swept);
		});

		it("the daily report's totals of yesterday equal the sandbox's own records", async () => {
			// Another link paid yesterday, its callback delivered: booked by the reconciliation workflow.
			await sandbox.control.pay(links['INV-1003'], undefined, true, yesterday.instant);
			await waitForExecutions(n8n.baseUrl, cookie, 'payExampleReconcile', 2);
			expect(rowOf(await rows(), links['INV-1003']).state).toBe('paid');

			const execution = await run(REPORT);
			const csv = await executionFileText(n8n.baseUrl, cookie, execution, 'CSV File');
			const paidYesterday = (await sandbox.control.payments()).filter(
				(payment) => payment.paidAt === yesterday.instant,
			);
			expect(paidYesterday).toHaveLength(2);
			const sum = (pick: (fees: ReturnType<typeof feesFor>) => number) =>
				cents(paidYesterday.reduce((total, payment) => total + pick(feesFor(payment.amount)), 0));
			const [header, line, ...rest] = csv.trim().split('\n');
			expect(header).toBe('day,payments,gross,fee,iva,net,currency');
			expect(rest).toEqual([]);
			expect(line.split(',')).toEqual([
				yesterday.day,
				'2',
				String(sum((fees) => fees.net + fees.fee + fees.iva)),
				String(sum((fees) => fees.fee)),
				String(sum((fees) => fees.iva)),
				String(sum((fees) => fees.net)),
				'COP',
			]);
		});

		it('the invoice-and-wait example records the outcome of its wait in the ledger', async () => {
			const invoice = `INV-WAIT-${release.version}`;
			const response = await postToWebhook(`${n8n.baseUrl}/webhook/pay-invoice-and-wait`, {
				invoice,
				amount: 64000,
			});
			expect(response.status).toBe(200);
			await newestExecutionIn(n8n.baseUrl, cookie, 'payExampleInvoiceWait', 'waiting');
			const [link] = (await sandbox.control.payments()).filter((payment) =>
				payment.description.startsWith(invoice),
			);
			await sandbox.control.pay(link.slug);
			await newestExecutionIn(n8n.baseUrl, cookie, 'payExampleInvoiceWait', 'success');
			expect(rowOf(await rows(), link.slug)).toMatchObject({
				invoice,
				amount: 64000,
				state: 'paid',
				marked_by: 'wait',
			});
		});
	},
);
