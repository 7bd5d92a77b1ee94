/**
 * End to end in n8n 2.41.1's queue mode, as users scale it: PostgreSQL and Redis from Debian's
 * packages (installed when missing), a main process, two webhook processes and two workers. What
 * must hold there, each failing the test on a duplicate: copies of one callback start at most one
 * execution per webhook process and move money once; two executions claiming one reference on the
 * two workers at the same instant (20 trials each for Withdraw and Transfer → Send) carry it out
 * once at the service; a worker killed mid-run and its trigger data sent again sends nothing twice;
 * the access token is renewed across workers with no item failing, and both batches sent again
 * send nothing. The first run on a machine installs n8n 2.41.1 and the Debian packages (README,
 * "Queue mode").
 */
import type { Sandbox } from '../../sandbox';
import { paymentCallbackBody } from '../../sandbox/callbacks';
import type { PaymentObject } from '../../sandbox/model';
import { createPayment, login } from '../sandbox/apiClient';
import { executionDetail, executionsOf, retryExecution, settledExecutions } from './executions';
import { raceFigures, raceTrial, RELEASE_AFTER_MS } from './race';
import type { RaceService, RaceTrial } from './race';
import { RACE_SEND, RACE_WITHDRAW } from './raceWorkflows';
import { longestWindow, startStatementLog, summary, windowsCrossed } from './statementLog';
import type { StatementLog } from './statementLog';
import { QUEUE_CALLBACK_SECRET } from './n8nQueue';
import type { QueueN8n } from './n8nQueue';
import type { LocalPostgres } from './postgres';
import { startQueueStack } from './queueStack';
import type { QueueStack } from './queueStack';
import { QUEUE_WORKFLOWS, TRANSFER_BATCH, TRIGGER_ALONE, WITHDRAW_ON_PAID } from './workflows';
import type { QueueWorkflow } from './workflows';

jest.setTimeout(180_000);

const log = (line: string) => console.log(line);
/** Trials of the race per operation in one run (the README's queue-mode figures count them). */
const RACE_TRIALS = 20;
/** What a Pay item may say when the other execution claimed the same reference. */
const RACE_OUTCOMES = ['sent', 'already_sent', 'unknown', 'not_sent'];

let stack: QueueStack;
let sandbox: Sandbox;
let postgres: LocalPostgres;
let n8n: QueueN8n;

beforeAll(async () => {
	stack = await startQueueStack({ workflows: QUEUE_WORKFLOWS, name: 'queue-mode', log });
	({ sandbox, postgres, n8n } = stack);
}, 30 * 60_000);

afterAll(async () => {
	await stack?.stop();
}, 120_000);

/** A payment paid in the sandbox and the body of its callback, as the service would post it. */
async function paidPaymentCallback(): Promise<{ slug: string; body: string }> {
	const client = await login(sandbox);
	// The sandbox's own callback goes nowhere (a closed port): the test posts the copies itself.
	const created = await createPayment(client, { callback: 'http://127.0.0.1:9/closed' });
	const slug = created.url as string;
	await sandbox.control.pay(slug);
	const body = paymentCallbackBody(sandbox.state.payments.get(slug) as PaymentObject);
	return { slug, body: JSON.stringify(body) };
}

/**
 * `copies` copies of one callback at the same instant, alternating between the webhook processes.
 */
async function postCopies(path: string, body: string, copies: number): Promise<number[]> {
	const responses = await Promise.all(
		Array.from({ length: copies }, (_, index) =>
			fetch(
				`${n8n.webhookUrls[index % n8n.webhookUrls.length]}${path}?token=${QUEUE_CALLBACK_SECRET}`,
				{ method: 'POST', headers: { 'content-type': 'application/json' }, body },
			),
		),
	);
	return responses.map((response) => response.status);
}

interface Transfer {
	to: string;
	amount: number;
}

async function postBatch(webhookUrl: string, transfers: Transfer[]) {
	const response = await fetch(`${webhookUrl}${TRANSFER_BATCH.webhookPath}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ transfers }),
	});
	expect(response.status).toBe(200);
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
	const deadline = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

const transfersOf = (amounts: number[]) =>
	sandbox.state.transfers.filter((transfer) => amounts.includes(transfer.amount));
/** The amounts of the transfers the sandbox holds among `amounts`, sorted. */
const amountsTransferred = (amounts: number[]) =>
	transfersOf(amounts)
		.map((transfer) => transfer.amount)
		.sort();

describe('the Pay Trigger alone, copies of one callback over two webhook processes', () => {
	it('starts at most one execution per process; measured for the README', async () => {
		const trials: Array<{ copies: number; executions: number; perProcess: number[] }> = [];
		for (const copies of [2, 2, 2, 2, 2, 4, 4, 4]) {
			const before = await executionsOf(n8n.baseUrl, n8n.cookie, TRIGGER_ALONE.id);
			const { body } = await paidPaymentCallback();
			const statuses = await postCopies(TRIGGER_ALONE.webhookPath, body, copies);
			expect(statuses.every((status) => status === 200)).toBe(true);
			const after = await settledExecutions(n8n.baseUrl, n8n.cookie, TRIGGER_ALONE.id, {
				atLeast: before.length + 1,
			});
			const runs = after.filter((execution) => !before.some((old) => old.id === execution.id));
			// Which webhook process put each execution on the queue (its own log says so).
			const enqueuedBy = runs.map((run) => n8n.webhookEnqueuing(run.id)?.name);
			expect(enqueuedBy).not.toContain(undefined);
			trials.push({
				copies,
				executions: runs.length,
				perProcess: n8n.webhookUrls.map(
					(_, index) => enqueuedBy.filter((name) => name === `webhook-${index + 1}`).length,
				),
			});
		}
		log(`Pay Trigger alone, copies → executions started: ${JSON.stringify(trials)}`);
		for (const trial of trials) {
			expect(trial.executions).toBeGreaterThanOrEqual(1);
			for (const started of trial.perProcess) expect(started).toBeLessThanOrEqual(1);
		}
	});
});

describe('the access token renewed across workers', () => {
	it('two batches on the two workers, the token expired mid-run: every transfer sent once, none failing', async () => {
		const batches = [
			[2001, 2002, 2003, 2004, 2005].map((amount) => ({ to: '3109876543', amount })),
			[2101, 2102, 2103, 2104, 2105].map((amount) => ({ to: '3109876543', amount })),
		];
		const amounts = batches.flat().map((transfer) => transfer.amount);
		const refreshesBefore = await sandbox.control.count('POST /token/refresh/');
		const runs = await twoBatchesWithTheTokenExpiredMidRun(batches, amounts);
		expect(runs.map((run) => run.status)).toEqual(['success', 'success']);
		// One on each worker (each takes one execution at a time).
		const workers = runs.map((run) => n8n.workerRunning(run.id)?.name);
		expect(new Set(workers).size).toBe(2);
		for (const run of runs) {
			const { outputs } = await executionDetail(n8n.baseUrl, n8n.cookie, run.id);
			expect(outputs.Send).toHaveLength(5);
			for (const item of outputs.Send) {
				expect(item.error).toBeUndefined();
				expect(item).toMatchObject({ sent: true, reference: expect.any(String) });
			}
		}
		expect(amountsTransferred(amounts)).toEqual(amounts.sort());
		// Each worker renewed the token after the expiry.
		expect(
			(await sandbox.control.count('POST /token/refresh/')) - refreshesBefore,
		).toBeGreaterThanOrEqual(2);

		// The same two batches again, one after the other: every reference is recorded, so nothing
		// goes out again; a record the other worker's write of the same row overwrote would.
		await settledExecutions(n8n.baseUrl, n8n.cookie, TRANSFER_BATCH.id, { atLeast: 0 });
		const again: string[][] = [];
		for (const [index, batch] of batches.entries()) {
			const items = await sendItemsOfBatch(n8n.webhookUrls[index], batch);
			again.push(items.map((item) => (item.sent === true ? 'sent' : String(item.outcome))));
		}
		log(`the two batches sent again: ${JSON.stringify(again)}`);
		expect(amountsTransferred(amounts)).toEqual(amounts.sort());
		// already_sent, or unknown where the other worker's write dropped the "sent" mark (not the
		// reference): never sent again.
		for (const outcome of again.flat()) expect(['already_sent', 'unknown']).toContain(outcome);
	});
});

/**
 * Each batch through its own webhook process, every send held 400 ms, the tokens expired once 3
 * transfers are out; the two executions the batches started, once settled.
 */
async function twoBatchesWithTheTokenExpiredMidRun(batches: Transfer[][], amounts: number[]) {
	const before = await executionsOf(n8n.baseUrl, n8n.cookie, TRANSFER_BATCH.id);
	await sandbox.control.injectFault({ route: 'POST /send/', latencyMs: 400, times: 10 });
	// The second batch once the first one's first transfer is out: n8n keeps a node's references
	// in one database row, which the first send of the workflow creates; two workers creating it
	// at the same instant collide (one item fails "could not record", sent by neither).
	await postBatch(n8n.webhookUrls[0], batches[0]);
	await until('the first transfer', () => transfersOf(amounts).length >= 1);
	await postBatch(n8n.webhookUrls[1], batches[1]);
	await until('3 transfers', () => transfersOf(amounts).length >= 3);
	expect(await sandbox.control.expireTokens()).toBeGreaterThan(0);
	const after = await settledExecutions(n8n.baseUrl, n8n.cookie, TRANSFER_BATCH.id, {
		atLeast: before.length + 2,
	});
	return after.filter((execution) => !before.some((old) => old.id === execution.id));
}

/** Posts the batch and waits for the execution it starts to settle: that execution's Send items. */
async function sendItemsOfBatch(
	webhookUrl: string,
	batch: Transfer[],
): Promise<Array<Record<string, unknown>>> {
	const known = await executionsOf(n8n.baseUrl, n8n.cookie, TRANSFER_BATCH.id);
	await postBatch(webhookUrl, batch);
	const now = await settledExecutions(n8n.baseUrl, n8n.cookie, TRANSFER_BATCH.id, {
		atLeast: known.length + 1,
	});
	const run = now.find((execution) => !known.some((old) => old.id === execution.id)) as {
		id: string;
	};
	return (await executionDetail(n8n.baseUrl, n8n.cookie, run.id)).outputs.Send;
}

describe('Pay Trigger → Withdraw with Reference = the payment slug', () => {
	/** What an item says, without the event it carries along. */
	const withoutPayload = (item: Record<string, unknown>) => ({
		outcome: item.outcome,
		message: item.message ?? item.error,
		description: item.description,
		id: item.id,
		state_label: item.state_label,
	});

	it('copies of one callback over both webhook processes make one withdrawal per paid payment', async () => {
		const started: number[] = [];
		const outcomes: string[][] = [];
		for (let trial = 0; trial < 3; trial++) {
			const before = await executionsOf(n8n.baseUrl, n8n.cookie, WITHDRAW_ON_PAID.id);
			const withdrawalsBefore = sandbox.state.withdrawals.length;
			const { body } = await paidPaymentCallback();
			await postCopies(WITHDRAW_ON_PAID.webhookPath, body, 4);
			const after = await settledExecutions(n8n.baseUrl, n8n.cookie, WITHDRAW_ON_PAID.id, {
				atLeast: before.length + 1,
			});
			const runs = after.filter((execution) => !before.some((old) => old.id === execution.id));
			started.push(runs.length);
			expect(sandbox.state.withdrawals.length - withdrawalsBefore).toBe(1);
			// One execution withdrew; any other one says already_sent, failing nothing.
			const items = await Promise.all(
				runs.map(
					async (run) =>
						(await executionDetail(n8n.baseUrl, n8n.cookie, run.id)).outputs.Withdraw[0],
				),
			);
			expect(runs.map((run) => run.status)).toEqual(runs.map(() => 'success'));
			const trialOutcomes = items.map((item) =>
				item.outcome === undefined ? 'withdrawn' : (item.outcome as string),
			);
			outcomes.push(trialOutcomes);
			log(`Withdraw items of one payment: ${JSON.stringify(items.map(withoutPayload))}`);
			expect(trialOutcomes.filter((outcome) => outcome === 'withdrawn')).toHaveLength(1);
			// Any other one was not sent: already_sent when the first had its answer; unknown when it
			// found the first one's request still in flight (recorded, not yet answered); not_sent when
			// n8n's database refused its record, written at the same instant by the other worker.
			for (const outcome of trialOutcomes.filter((outcome) => outcome !== 'withdrawn'))
				expect(['already_sent', 'unknown', 'not_sent']).toContain(outcome);
		}
		log(`Pay Trigger → Withdraw, 4 copies → executions started: ${JSON.stringify(started)}`);
		log(`their Withdraw items: ${JSON.stringify(outcomes)}`);
		// The proof needs the trigger to have fired more than once for some payment.
		expect(Math.max(...started)).toBeGreaterThan(1);
	});
});

describe('two workers claiming one reference at the same instant', () => {
	// Each trial: one reference and an amount of its own, the same body to both webhook processes,
	// both executions released on the two workers at the same instant (raceWorkflows.ts).
	let statements: StatementLog;
	beforeAll(async () => {
		statements = await startStatementLog(postgres);
	});
	afterAll(async () => {
		const windows = statements.windows().map((window) => window.end - window.start);
		await statements.stop();
		log(
			`n8n's deduplication helper, read → write of the record row during the race (ms): ${JSON.stringify(summary(windows))}; all: ${JSON.stringify(windows.sort((a, b) => a - b).map((ms) => Math.round(ms)))}`,
		);
	});

	const runTrials = async (
		workflow: QueueWorkflow,
		prefix: string,
		firstAmount: number,
		service: RaceService,
	) => {
		const trials: RaceTrial[] = [];
		for (let trial = 0; trial < RACE_TRIALS; trial++) {
			const body = { reference: `${prefix}-${trial + 1}`, amount: firstAmount + trial };
			trials.push(await raceTrial(n8n, workflow, body, service));
		}
		const windows = statements.windows();
		for (const trial of trials) {
			trial.rowWindowsCrossed = windowsCrossed(windows, trial.from, trial.to);
			trial.longestRowWindowMs = longestWindow(windows, trial.from, trial.to);
		}
		for (const trial of trials) log(`${prefix}: ${JSON.stringify(trial)}`);
		log(`${prefix}, figures: ${JSON.stringify(raceFigures(trials))}`);
		expectEveryTrialRaced(trials);
		// The proof: every reference carried out exactly once at the service, never twice, never
		// left unsent by both.
		expect(trials.filter((trial) => trial.carriedOut !== 1)).toEqual([]);
		for (const trial of trials) {
			for (const outcome of trial.outcomes) expect(RACE_OUTCOMES).toContain(outcome);
			// What the executions say agrees with the service: exactly one side acted.
			expect(trial.outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(1);
		}
	};

	/**
	 * A trial proves something only if it raced: both webhook processes and both workers named and
	 * distinct, both executions released on time, their Pay nodes running at the same time; and in
	 * a share of the trials PostgreSQL shows each worker reading the record row before the other
	 * wrote it.
	 */
	const expectEveryTrialRaced = (trials: RaceTrial[]) => {
		const named = (names: Array<string | undefined>) =>
			names.length === 2 && !names.includes(undefined) && new Set(names).size === 2;
		expect(trials.filter((trial) => !named(trial.workers))).toEqual([]);
		expect(trials.filter((trial) => !named(trial.webhooks))).toEqual([]);
		expect(trials.filter((trial) => !(trial.lateMs < RELEASE_AFTER_MS))).toEqual([]);
		expect(trials.filter((trial) => !(trial.payOverlapMs > 0))).toEqual([]);
		const crossed = trials.filter((trial) => trial.rowWindowsCrossed === true).length;
		expect(crossed).toBeGreaterThanOrEqual(Math.ceil(trials.length / 4));
	};

	it("Withdrawal → Withdraw (the service's idempotency key): no reference withdrawn twice", async () => {
		await runTrials(RACE_WITHDRAW, 'race-withdraw', 6001, {
			carriedOut: (reference, amount) =>
				sandbox.state.withdrawals.filter(
					(withdrawal) => withdrawal.amount === amount && withdrawal.idempotencyKey === reference,
				).length,
			requests: async () => await sandbox.control.count('POST /withdraw/co/'),
		});
	}, 400_000);

	it("Transfer → Send (only the record in n8n's database): no reference transferred twice", async () => {
		await runTrials(RACE_SEND, 'race-send', 5001, {
			carriedOut: (_, amount) =>
				sandbox.state.transfers.filter((transfer) => transfer.amount === amount).length,
			requests: async () => await sandbox.control.count('POST /send/'),
		});
	}, 400_000);
});

describe('a worker killed mid-run', () => {
	it("n8n's Retry of the crashed execution runs nothing; the batch run again sends nothing twice, and neither what was in flight nor what was claimed with it", async () => {
		const amounts = Array.from({ length: 20 }, (_, index) => 3001 + index);
		const batch = amounts.map((amount) => ({ to: '3109876543', amount }));
		const { executionId, sentBeforeCrash } = await workerKilledMidBatch(batch, amounts);
		await expectCrashedAndItsRetryRunsNothing(executionId, amounts, sentBeforeCrash);

		const items = await sendItemsOfBatch(n8n.webhookUrls[0], batch);
		const outcomes = items.map((item) => (item.sent === true ? 'sent' : (item.outcome as string)));
		log(`the batch run again: ${JSON.stringify(outcomes)}`);
		// Sent before the crash: already_sent; the one in flight (recorded, never answered) is not
		// sent again: already_sent when the node finds it in the service's list of transfers, else
		// unknown; those under way with it were claimed before the crash and never left: their
		// record cannot tell them from a send under way elsewhere, so unknown, and not sent. The
		// items after them were never claimed: sent now.
		const inFlight = sentBeforeCrash - 1;
		// Ten under way at once per Items at Once (itemPipeline.ts): the one in flight and nine more.
		const lastClaimed = inFlight + 10 - 1;
		log(`the one in flight: ${JSON.stringify(items[inFlight]).slice(0, 600)}`);
		log(
			`claimed but not sent, left unknown: ${outcomes.slice(inFlight + 1).filter((outcome) => outcome === 'unknown').length} of ${amounts.length}`,
		);
		expect(['already_sent', 'unknown']).toContain(outcomes[inFlight]);
		expect(outcomes.slice(0, inFlight)).toEqual(
			amounts.slice(0, inFlight).map(() => 'already_sent'),
		);
		expect(outcomes.slice(inFlight + 1, lastClaimed + 1)).toEqual(
			amounts.slice(inFlight + 1, lastClaimed + 1).map(() => 'unknown'),
		);
		expect(outcomes.slice(lastClaimed + 1)).toEqual(
			amounts.slice(lastClaimed + 1).map(() => 'sent'),
		);
		// At the sandbox, what went out before the crash went out once, the rest once now.
		const sent = transfersOf(amounts).map((transfer) => transfer.amount);
		const unsent = amounts.slice(sentBeforeCrash, lastClaimed + 1);
		expect(sent.sort()).toEqual(amounts.filter((amount) => !unsent.includes(amount)).sort());
	}, 300_000);
});

/**
 * The batch started with every send held 700 ms; its worker killed while the 4th request is held at
 * the sandbox (recorded, sent, not answered). The execution, and how many transfers went out.
 */
async function workerKilledMidBatch(
	batch: Transfer[],
	amounts: number[],
): Promise<{ executionId: string; sentBeforeCrash: number }> {
	const before = await executionsOf(n8n.baseUrl, n8n.cookie, TRANSFER_BATCH.id);
	const requestsBefore = await sandbox.control.count('POST /send/');
	await sandbox.control.injectFault({ route: 'POST /send/', latencyMs: 700, times: 30 });
	await postBatch(n8n.webhookUrls[0], batch);
	let executionId = '';
	await until('the execution', async () => {
		const now = await executionsOf(n8n.baseUrl, n8n.cookie, TRANSFER_BATCH.id);
		executionId = now.find((execution) => !before.some((old) => old.id === execution.id))?.id ?? '';
		return executionId !== '';
	});
	await until('a worker to start it', () => n8n.workerRunning(executionId) !== undefined);
	const worker = n8n.workerRunning(executionId)!;
	await until(
		'the 4th request',
		async () => (await sandbox.control.count('POST /send/')) - requestsBefore >= 4,
	);
	process.kill(worker.pid, 'SIGKILL');
	// The request in flight still reaches the sandbox, which carries it out after its latency.
	await new Promise((resolve) => setTimeout(resolve, 1500));
	const sentBeforeCrash = transfersOf(amounts).length;
	log(`worker ${worker.name} killed after ${sentBeforeCrash} of ${amounts.length} transfers`);
	return { executionId, sentBeforeCrash };
}

/**
 * n8n notices the dead worker once its job's lock lapses (about a minute and a half): the execution
 * ends in error with no run data, and n8n's Retry of it sends nothing.
 */
async function expectCrashedAndItsRetryRunsNothing(
	executionId: string,
	amounts: number[],
	sentBeforeCrash: number,
): Promise<void> {
	await until(
		'the crashed execution to end',
		async () =>
			!['new', 'running'].includes(
				(await executionDetail(n8n.baseUrl, n8n.cookie, executionId)).status,
			),
		150_000,
	);
	const crashed = await executionDetail(n8n.baseUrl, n8n.cookie, executionId);
	// Nothing shows which transfers went out: the crash left no run data.
	expect(crashed).toMatchObject({ status: 'error', outputs: {} });
	// n8n accepts the Retry, but the crash replaced the execution's data: the retry has nothing to
	// run and ends in error at once, sending nothing. The way forward is the same trigger data again.
	const retry = await retryExecution(n8n.baseUrl, n8n.cookie, executionId);
	log(`n8n's Retry of the crashed execution: ${JSON.stringify(retry).slice(0, 300)}`);
	expect(retry).toMatchObject({ ok: true, execution: { status: 'error' } });
	expect(transfersOf(amounts)).toHaveLength(sentBeforeCrash);
}
