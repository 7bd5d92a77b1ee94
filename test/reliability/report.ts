/**
 * The fault-injection matrix as docs/RELIABILITY.md: written by `npm run docs:reliability`
 * (scripts/docs/reliability.ts), never by hand, and checked by the matrix's own test run.
 */
import { existsSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

/** The committed document. */
export const RELIABILITY_DOCUMENT = join(__dirname, '..', '..', 'docs', 'RELIABILITY.md');

/**
 * Set by `npm run docs:reliability`: the file the matrix writes its document to, instead of
 * comparing it with the committed one.
 */
export const REPORT_OUTPUT_VARIABLE = 'PAY_RELIABILITY_REPORT_OUTPUT';

export interface SecondExecution {
	/** The item's `outcome`, or `ok` when it carries none (done now). */
	outcome: string;
	/** What the node read at the service to settle it (`resolved_by`), or ''. */
	resolvedBy: string;
	/** Requests of the operation's route the second execution sent. */
	received: number;
	/** Times the service carried the operation out, both executions together (its effects). */
	carriedOut: number;
	message: string;
}

export interface MatrixCell {
	operation: string;
	fault: string;
	movesMoney: boolean;
	outcome: string;
	received: number;
	carriedOut: number;
	secretLeaked: boolean;
	message: string;
	/** What the node read at the service to settle it (`resolved_by`), or ''. */
	resolvedBy: string;
	second: SecondExecution;
	/** Every assertion of the cell passed. */
	passed: boolean;
}

/** The service carried the operation out more than once, in one execution or over both. */
export function isDuplicate(cell: MatrixCell): boolean {
	return cell.carriedOut > 1 || cell.second.carriedOut > 1;
}

const INTRODUCTION = [
	'# Reliability under faults',
	'',
	'Written by `npm run docs:reliability` (`scripts/docs/reliability.ts`), which runs the fault matrix',
	'(`test/reliability/faultMatrix.test.ts`, observed profile) and writes this file only when every cell passed;',
	'do not edit by hand. `npm test` runs the same matrix and fails when this file is not what it found (`{slug}`',
	'stands for the payment object each run creates, `{reference}` for a Reference or idempotency key the',
	'node derived, which changes with it).',
	'',
	"Each cell runs one operation of the Pay node through n8n's engine against the sandbox, with one fault",
	"injected on the operation's route by the sandbox's control API (the fault hits the first request; a retry",
	'meets a healthy service). "Continue On Fail" is on, so the item carries the `outcome`. **And then a second',
	"execution** runs the node again with the same start data, the fault cleared, as n8n's Retry of the first",
	'would: a new execution id, the same workflow, node and data, so the same derived Reference.',
	'',
	'**This execution** reads **outcome · requests received / times carried out**. Outcomes: `ok` (first try),',
	'`retried ok` (succeeded after a retry), `sent (resolved_by …)` (the answer was lost, and what the node',
	'then read at the service shows the call went through), `clear error` (the service refused, or nothing',
	'was sent: `refused`/`failed`), `unknown reported` (the service could not tell either: the error says the',
	'money may have moved and how to check). **And then a second execution** reads **outcome · requests it',
	"sent / times carried out in total, both executions**, the outcome being the item's own (`already_sent`,",
	"from n8n's records of the first execution or, with `resolved_by`, from the service; `unknown`, `refused` …)",
	'or `ok` when it carries none (done by this execution).',
	'',
	"Times carried out are counted from the service's effects, once every request it had received was handled",
	'(a timed-out request is carried out when its delay ends, after the node gave up on it): payment objects',
	"created, checkouts opened (each one changes the object's state, a second one on an object already in",
	'process too), objects paid, transfers and withdrawals in its lists, card charges; never from what the',
	'node answered.',
	'',
	'The matrix fails, and `npm run docs:reliability` leaves this file as it was, if any operation is carried',
	'out more than once over both executions (the cell reads 🟥 **DUPLICATE** in the document such a run',
	'writes to the temporary folder); if a money-moving call reaches the service more than once in one',
	'execution (the expired-token cell excepted: the 401 is refused before anything happens, then the call is',
	'sent once); if an item of a money-moving call says it was done (`ok`, `sent`, `already_sent`) when the',
	'service carried nothing out, or says anything but `already_sent`, `sent` or `unknown` in the second',
	'execution when it had; or if any secret (API key, refresh or access token, callback secret, card number,',
	'CVV, expiry) appears anywhere in either run. `{time}` stands for a moment a message names.',
];

function cellText(cell: MatrixCell): [string, string] {
	const mark = (carriedOut: number) => (carriedOut > 1 ? '🟥 **DUPLICATE** ' : '');
	const leak = cell.secretLeaked ? ' · **SECRET LEAKED**' : '';
	const failed = cell.passed || isDuplicate(cell) ? '' : ' · **✗ broke a rule**';
	const { second } = cell;
	const resolved = (by: string) => (by ? ` (resolved_by ${by})` : '');
	return [
		`${mark(cell.carriedOut)}${cell.outcome}${resolved(cell.resolvedBy)} · ${cell.received}/${cell.carriedOut}${leak}`,
		`${mark(second.carriedOut)}${second.outcome}${resolved(second.resolvedBy)} · ${second.received}/${second.carriedOut}${failed}`,
	];
}

export function reliabilityReport(
	cells: MatrixCell[],
	operations: string[],
	faults: string[],
): string {
	const cellOf = (operation: string, fault: string) =>
		cells.find((cell) => cell.operation === operation && cell.fault === fault);
	const duplicates = cells.filter(isDuplicate).length;
	const leaks = cells.filter((cell) => cell.secretLeaked).length;
	const lines = [
		...INTRODUCTION,
		'',
		`Cells: ${cells.length}. Carried out more than once: ${duplicates === 0 ? 'none' : `**${duplicates}**`}.` +
			` Secrets found in any run: ${leaks === 0 ? 'none' : `**${leaks}**`}.`,
	];
	for (const operation of operations) {
		const movesMoney = cells.find((cell) => cell.operation === operation)?.movesMoney;
		lines.push('', `## ${operation}${movesMoney ? ' (moves money)' : ''}`, '');
		lines.push('| fault | this execution | and then a second execution |', '|---|---|---|');
		for (const fault of faults) {
			const cell = cellOf(operation, fault);
			const [first, second] = cell ? cellText(cell) : ['—', '—'];
			lines.push(`| ${fault} | ${first} | ${second} |`);
		}
	}
	lines.push('', '## Messages users saw', '');
	for (const cell of cells.filter((entry) => entry.message || entry.second.message)) {
		const first = cell.message ? oneLine(cell.message) : '(no message)';
		const then = cell.second.message
			? ` Then, a second execution: ${oneLine(cell.second.message)}`
			: '';
		lines.push(`- **${cell.operation}**, ${cell.fault}: ${first}${then}`);
	}
	return `${lines.join('\n')}\n`;
}

const oneLine = (text: string) => text.replace(/\n/g, ' ');

/**
 * Writes the file unless it already says exactly this (a run that changed
 * nothing leaves the tree clean).
 */
export function writeIfChanged(path: string, text: string): void {
	if (existsSync(path) && readFileSync(path, 'utf8') === text) return;
	writeFileSync(path, text);
}

/**
 * Where the committed document and a run's differ, in words; `undefined` when they are the same.
 */
export function firstDifference(committed: string, found: string): string | undefined {
	if (committed === found) return undefined;
	const was = committed.split('\n');
	const now = found.split('\n');
	let line = 0;
	while (was[line] === now[line]) line++;
	const quoted = (text: string | undefined) => (text === undefined ? 'nothing' : `"${text}"`);
	return `line ${line + 1}: the document says ${quoted(was[line])}, this run found ${quoted(now[line])}`;
}
