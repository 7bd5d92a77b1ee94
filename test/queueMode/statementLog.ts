/**
 * How long n8n's deduplication helper holds a record row between reading it and writing it back,
 * measured from PostgreSQL's own statement log while the workers race. The helper reads the row
 * (SELECT … FROM processed_data), changes the list in memory, then writes it whole (UPDATE, or
 * INSERT for a node's first record): another worker's write that lands inside that window is
 * overwritten. The window is counted from the read's start (its snapshot) to the write's end.
 */
import { readFileSync, statSync } from 'fs';

import type { LocalPostgres } from './postgres';

/** One read → write of the row by one connection (one worker), ms since the epoch. */
export interface RowWindow {
	backend: string;
	start: number;
	end: number;
}

export interface StatementLog {
	/** The read → write windows logged so far. */
	windows(): RowWindow[];
	stop(): Promise<void>;
}

/**
 * Turns on PostgreSQL's log of every statement with its duration, for the
 * server's new sessions and old.
 */
export async function startStatementLog(postgres: LocalPostgres): Promise<StatementLog> {
	const from = statSync(postgres.logFile).size;
	await postgres.sql('ALTER SYSTEM SET log_min_duration_statement = 0');
	await postgres.sql('SELECT pg_reload_conf()');
	return {
		windows: () => readWriteWindows(readFileSync(postgres.logFile).subarray(from).toString('utf8')),
		async stop() {
			await postgres.sql('ALTER SYSTEM RESET log_min_duration_statement');
			await postgres.sql('SELECT pg_reload_conf()');
		},
	};
}

interface Logged {
	backend: string;
	/** When the statement started, ms since the epoch (the line's time is its end). */
	start: number;
	end: number;
	kind: 'read' | 'write';
}

// 2026-01-01 10:00:00.123 UTC [4242] LOG:  duration: 0.512 ms  execute <unnamed>: SELECT …
const LINE =
	/^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) (\w+) \[(\d+)\] LOG: {2}duration: ([\d.]+) ms {2}(?:execute [^:]*|statement): (.*)$/;

/**
 * Each write to processed_data paired with the read before it on the same connection (n8n's pool
 * hands a process's next query the connection it just gave back; in the logs seen, each worker's
 * reads and writes of the row alternate on one connection): from the read's
 * start to the write's end.
 */
export function readWriteWindows(log: string): RowWindow[] {
	const lastRead = new Map<string, Logged>();
	const windows: RowWindow[] = [];
	for (const statement of processedDataStatements(log)) {
		if (statement.kind === 'read') {
			lastRead.set(statement.backend, statement);
			continue;
		}
		const read = lastRead.get(statement.backend);
		lastRead.delete(statement.backend);
		if (read !== undefined)
			windows.push({ backend: statement.backend, start: read.start, end: statement.end });
	}
	return windows;
}

function processedDataStatements(log: string): Logged[] {
	const statements: Logged[] = [];
	for (const line of log.split('\n')) {
		const match = LINE.exec(line);
		if (match === null) continue;
		const [, time, zone, backend, duration, text] = match;
		if (!/"processed_data"/i.test(text)) continue;
		const end = Date.parse(`${time.replace(' ', 'T')}${zone === 'UTC' ? 'Z' : ''}`);
		const kind = /^\s*SELECT/i.test(text)
			? 'read'
			: /^\s*(UPDATE|INSERT)/i.test(text)
				? 'write'
				: undefined;
		if (kind === undefined) continue;
		statements.push({ backend, start: end - Number(duration), end, kind });
	}
	return statements;
}

/** Whether two connections' windows inside [from, to] overlapped: both read before either wrote. */
export function windowsCrossed(windows: RowWindow[], from: number, to: number): boolean {
	const inside = within(windows, from, to);
	return inside.some((one) =>
		inside.some(
			(other) => other.backend !== one.backend && other.start < one.end && one.start < other.end,
		),
	);
}

/** The longest read → write inside [from, to], in ms rounded. */
export function longestWindow(windows: RowWindow[], from: number, to: number): number {
	return Math.round(Math.max(0, ...within(windows, from, to).map((w) => w.end - w.start)));
}

const within = (windows: RowWindow[], from: number, to: number) =>
	windows.filter((window) => window.start >= from && window.end <= to);

/** Max, median and count of a list of ms, rounded to 0.1 ms. */
export function summary(values: number[]): { count: number; median: number; max: number } {
	const sorted = [...values].sort((a, b) => a - b);
	const round = (value: number) => Math.round(value * 10) / 10;
	return {
		count: sorted.length,
		median: round(sorted[Math.floor(sorted.length / 2)] ?? 0),
		max: round(sorted[sorted.length - 1] ?? 0),
	};
}
