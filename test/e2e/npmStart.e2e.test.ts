/**
 * `npm start` as a new user meets it, run for real (scripts/start.ts with n8n 2.41.1) in its own
 * folder and ports: the banner names n8n's log file and the Pay Trigger's warnings land there; a
 * second start says one is running; n8n killed is noticed (said, sandbox stopped, non-zero exit);
 * the sandbox's records survive a restart; Ctrl-C ends it. The ledger's Data Table is created once.
 */
import { execFileSync, spawn } from 'child_process';
import type { ChildProcess } from 'child_process';
import { existsSync, readFileSync, rmSync } from 'fs';
import { join } from 'path';

import type { SandboxEndpoint } from '../../sandbox';
import { REPO_ROOT, RUNTIME_DIR } from '../../scripts/n8nRuntime/paths';
import { DEMO_ACCOUNT } from '../../sandbox/state';
import { createPayment, login } from '../sandbox/apiClient';
import { E2E_PORT } from './localN8n';

const FOLDER = join(RUNTIME_DIR, 'start-e2e');
const N8N_PORT = E2E_PORT + 60;
const SANDBOX_PORT = E2E_PORT + 70;
const n8nBase = `http://127.0.0.1:${N8N_PORT}`;
const sandboxBase = `http://127.0.0.1:${SANDBOX_PORT}`;

interface Started {
	process: ChildProcess;
	output: () => string;
	exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function npmStart(): Started {
	const child = spawn(
		process.execPath,
		['-r', 'ts-node/register/transpile-only', 'scripts/start.ts'],
		{
			cwd: REPO_ROOT,
			// N8N_LOG_LEVEL: the jest setup silences n8n-core in-process; this n8n logs as a user's does.
			env: {
				...process.env,
				N8N_LOG_LEVEL: 'warn',
				PAY_START_FOLDER: FOLDER,
				PAY_N8N_PORT: String(N8N_PORT),
				PAY_SANDBOX_PORT: String(SANDBOX_PORT),
			},
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	let text = '';
	child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
	const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
		child.once('exit', (code, signal) => resolve({ code, signal })),
	);
	return { process: child, output: () => text, exited };
}

async function until<T>(
	what: string,
	probe: () => T | undefined | Promise<T | undefined>,
	timeoutMs: number,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined && value !== false) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** The promise's value, or `late` after `ms`; the timer is cleared so jest can exit right after. */
async function within<T>(promise: Promise<T>, ms: number, late: string): Promise<T | string> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(late), ms)));
	try {
		return await Promise.race([promise, timeout]);
	} finally {
		clearTimeout(timer);
	}
}

const answers = async (url: string) =>
	await fetch(url).then(
		() => true,
		() => false,
	);
/** The sandbox of that npm start, reached from here: only what `login` reads. */
const sandboxEndpoint = { baseUrl: sandboxBase, demo: DEMO_ACCOUNT } as unknown as SandboxEndpoint;

let running: Started | undefined;
let paidSlug: string;

beforeAll(() => rmSync(FOLDER, { recursive: true, force: true }));
afterAll(async () => {
	if (running && running.process.exitCode === null && running.process.signalCode === null) {
		running.process.kill('SIGINT');
		await running.exited;
	}
}, 60_000);

jest.setTimeout(10 * 60_000);

describe('npm start', () => {
	it("gets ready, names n8n's log file, and the Pay Trigger's warnings land in it", async () => {
		running = npmStart();
		const current = running;
		await until(
			'the banner',
			() =>
				current.output().includes('✔ Ready.') ||
				(current.process.exitCode !== null
					? (() => {
							throw new Error(current.output());
						})()
					: undefined),
			9 * 60_000,
		);
		const logFile = join(FOLDER, 'n8n.log');
		expect(current.output()).toMatch(/n8n's log: +\S*start-e2e\/n8n\.log/);
		// The ledger examples' table, and the two that run on a schedule published.
		expect(current.output()).toContain('Data table "Pay ledger" created');
		expect(current.output()).toMatch(/ledger sweep .*\(active: runs on its schedule\)/);
		expect(current.output()).toMatch(/daily report .*\(active: runs on its schedule\)/);
		const forged = await fetch(`${n8nBase}/webhook/pay-reconciliation/pay?token=wrong`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{"payed": true, "url": "abcdef12", "state": 3}',
		});
		expect(forged.status).toBe(401);
		await until(
			"the warning in n8n's log",
			() =>
				existsSync(logFile) &&
				readFileSync(logFile, 'utf8').includes(
					'Pay Trigger refused a callback: Missing or wrong callback secret',
				),
			15_000,
		);
	});

	it('a second npm start while one runs says so and exits, leaving the first running', async () => {
		const second = npmStart();
		const { code } = await second.exited;
		expect(code).toBe(1);
		expect(second.output()).toContain(
			`npm start is already running (process ${running?.process.pid})`,
		);
		expect(second.output()).not.toContain('EADDRINUSE');
		expect(await answers(`${n8nBase}/healthz`)).toBe(true);
	});

	it('notices n8n killed: says so, stops the sandbox and exits non-zero', async () => {
		const current = running as Started;
		const client = await login(sandboxEndpoint);
		const created = await createPayment(client, { callback: 'http://127.0.0.1:9/closed' });
		paidSlug = created.url as string;
		await fetch(`${sandboxBase}/_sandbox/payments/${paidSlug}/pay`, { method: 'POST' });
		const n8nPid = Number(
			execFileSync('ps', ['-o', 'pid=', '--ppid', String(current.process.pid)])
				.toString()
				.trim()
				.split(/\s+/)[0],
		);
		expect(n8nPid).toBeGreaterThan(0);
		process.kill(n8nPid, 'SIGKILL');
		const ended = await within(current.exited, 60_000, 'still running after 60 s');
		expect(ended).toEqual({ code: 1, signal: null });
		expect(current.output()).toMatch(/n8n was killed \(SIGKILL\)\. Its log: \S*n8n\.log/);
		expect(await answers(`${sandboxBase}/_sandbox/settings`)).toBe(false);
	});

	it("started again, finds the sandbox's records, and Ctrl-C ends it", async () => {
		running = npmStart();
		const current = running;
		await until(
			'the banner',
			() =>
				current.output().includes('✔ Ready.') ||
				(current.process.exitCode !== null
					? (() => {
							throw new Error(current.output());
						})()
					: undefined),
			5 * 60_000,
		);
		expect(current.output()).toContain('Data table "Pay ledger" (already there)');
		const payment = await fetch(`${sandboxBase}/_sandbox/payments/${paidSlug}`);
		expect(payment.status).toBe(200);
		expect(((await payment.json()) as { state: number }).state).toBe(3);
		current.process.kill('SIGINT');
		const ended = await within(current.exited, 60_000, 'still running after 60 s');
		expect(ended).toEqual({ code: 0, signal: null });
		expect(await answers(`${n8nBase}/healthz`)).toBe(false);
		expect(await answers(`${sandboxBase}/_sandbox/settings`)).toBe(false);
	});
});
