/**
 * The fault-injection matrix: every operation kind under every fault, then a second execution of
 * the same workflow with the same data, with the rules that protect money checked in each cell;
 * then docs/RELIABILITY.md checked against what the run found (the run never writes it:
 * `npm run docs:reliability` does, through this file).
 */
import { readFileSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { shutDownEngine } from '../harness/runWorkflow';
import { secretsOf } from '../harness/sandboxCredentials';
import { profileUnderTest } from '../harness/sandboxProfile';
import { runDataText, secretsFoundIn } from '../harness/secretScan';
import { MATRIX_FAULTS } from './faults';
import type { MatrixFault } from './faults';
import { MATRIX_OPERATIONS } from './operations';
import type { MatrixOperation } from './operations';
import {
	firstDifference,
	reliabilityReport,
	RELIABILITY_DOCUMENT,
	REPORT_OUTPUT_VARIABLE,
} from './report';
import type { MatrixCell } from './report';
import { runTwoExecutions } from './twoExecutions';
import type { TwoExecutions } from './twoExecutions';

let sandbox: Sandbox;
const cells: MatrixCell[] = [];

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, profile: profileUnderTest() });
});
afterAll(async () => {
	await sandbox.close();
	shutDownEngine();
});

describe.each(MATRIX_OPERATIONS)('$name', (operation) => {
	it.each(MATRIX_FAULTS)('under $name', async (matrixFault) => {
		const executions = await runTwoExecutions(sandbox, operation, matrixFault);
		const cell = matrixCell(operation, matrixFault, executions);
		cells.push(cell);
		expect(cell.secretLeaked).toBe(false);
		expectFirstExecution(cell, operation, matrixFault, executions.first.json);
		expectSecondExecution(cell);
		// A call settled by what the service showed names the read that shows this operation.
		for (const by of [cell.resolvedBy, cell.second.resolvedBy])
			if (by !== '') expect(by).toBe(operation.resolvedBy);
		cell.passed = true;
	});
});

// Declared after the cells, so jest runs it once they all have.
it('docs/RELIABILITY.md is what this run found', () => {
	expect(cells.length).toBe(MATRIX_OPERATIONS.length * MATRIX_FAULTS.length);
	const text = reliabilityReport(
		cells,
		MATRIX_OPERATIONS.map((operation) => operation.name),
		MATRIX_FAULTS.map((fault) => fault.name),
	);
	const output = process.env[REPORT_OUTPUT_VARIABLE];
	if (output !== undefined) {
		// `npm run docs:reliability` writes the document from this, and only if every cell passed.
		writeFileSync(output, text);
		return;
	}
	const failed = cells.filter((cell) => !cell.passed).length;
	// The document is the observed profile's (the live service's shapes); the spec's run is
	// checked cell by cell.
	const difference =
		profileUnderTest() === 'observed'
			? firstDifference(readFileSync(RELIABILITY_DOCUMENT, 'utf8'), text)
			: undefined;
	if (failed === 0 && difference === undefined) return;
	const found = join(tmpdir(), `RELIABILITY.${profileUnderTest()}.${process.pid}.md`);
	writeFileSync(found, text);
	throw new Error(
		failed > 0
			? `${failed} cells failed (see above); this run's document, red cells and all: ${found}`
			: `docs/RELIABILITY.md is not what this run found (${difference}). If the change is meant, run \`npm run docs:reliability\`. This run's document: ${found}`,
	);
});

function matrixCell(
	operation: MatrixOperation,
	matrixFault: MatrixFault,
	{ parameters, first, second }: TwoExecutions,
): MatrixCell {
	const outcome =
		first.json.error === undefined
			? first.json.outcome === 'sent'
				? 'sent'
				: first.received > 1
					? 'retried ok'
					: 'ok'
			: first.json.outcome === 'unknown'
				? 'unknown reported'
				: 'clear error';
	const secrets = [...secretsOf(sandbox.demo), ...(operation.cardSecrets ?? []), 'sandbox-access-'];
	const leaks = [first, second].flatMap(({ run }) =>
		secretsFoundIn(runDataText(run.data), secrets),
	);
	const steady = steadyText(parameters);
	return {
		operation: operation.name,
		fault: matrixFault.name,
		movesMoney: operation.movesMoney,
		outcome,
		received: first.received,
		carriedOut: first.carriedOut,
		secretLeaked: leaks.length > 0,
		message: messageOf(first.json, steady),
		resolvedBy: steady(first.json.resolved_by),
		second: {
			outcome: typeof second.json.outcome === 'string' ? second.json.outcome : 'ok',
			resolvedBy: steady(second.json.resolved_by),
			received: second.received,
			carriedOut: second.carriedOut,
			message: messageOf(second.json, steady),
		},
		passed: false,
	};
}

/**
 * The item's error, or why it was not sent (again); a sent item's `message` is the service's own.
 */
function messageOf(json: IDataObject, steady: (value: unknown) => string): string {
	return steady(json.error ?? (json.outcome ? json.message : undefined));
}

/**
 * The payment's slug is new in every run, and so is the Reference derived from it, and a moment
 * the node names: shown as {slug}, {reference} and {time}, docs/RELIABILITY.md stays the same
 * from run to run.
 */
function steadyText(parameters: IDataObject): (value: unknown) => string {
	const slug = typeof parameters.slug === 'string' ? parameters.slug : undefined;
	return (value) => {
		if (value === undefined || value === null) return '';
		const text = String(value)
			.replace(/\bref-[0-9a-f]{32}\b/g, '{reference}')
			.replace(/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '{time}')
			// A repeated creation names the link made by the first execution.
			.replace(/this is that link \([^)]*\)/g, 'this is that link ({slug})');
		return slug === undefined ? text : text.split(slug).join('{slug}');
	};
}

function expectFirstExecution(
	cell: MatrixCell,
	operation: MatrixOperation,
	matrixFault: MatrixFault,
	json: IDataObject,
): void {
	const { outcome, message } = cell;
	expect(cell.carriedOut).toBeLessThanOrEqual(1);
	if (operation.movesMoney) {
		expect(cell.received).toBeLessThanOrEqual(matrixFault.expireTokens ? 2 : 1);
		if (outcome === 'unknown reported') expect(message).toMatch(/may have/);
	}
	if (json.error !== undefined) expect(message.length).toBeGreaterThan(10);
	// A failure body is never a success, whatever its status; a money-moving call is
	// refused, not tried again.
	if (matrixFault.fault?.failure !== undefined) expect(outcome).not.toBe('ok');
	if (matrixFault.fault?.failure !== undefined && operation.movesMoney)
		expect([outcome, json.outcome]).toEqual(['clear error', 'refused']);
	// A money-moving call that was carried out is never reported as a plain failure.
	if (operation.movesMoney && cell.carriedOut === 1 && json.error !== undefined)
		expect(json.outcome).toBe('unknown');
	// Nor one that was not as done: "sent" from what the service showed must be this call's own.
	if (operation.movesMoney && json.error === undefined) expect(cell.carriedOut).toBe(1);
	if (cell.resolvedBy !== '') expect(outcome).toBe('sent');
}

/** What the second execution may say once the service has carried the call out. */
const AFTER_CARRIED_OUT = ['already_sent', 'sent', 'unknown'];

function expectSecondExecution(cell: MatrixCell): void {
	const { second } = cell;
	// Never twice, over both executions: counted from the service's effects.
	expect(second.carriedOut).toBeLessThanOrEqual(1);
	if (!cell.movesMoney) return;
	expect(second.received).toBeLessThanOrEqual(1);
	// Carried out by the first: the item says so, or that it cannot tell; it is never sent again.
	if (cell.carriedOut === 1) expect(AFTER_CARRIED_OUT).toContain(second.outcome);
	if (second.resolvedBy !== '') expect(['sent', 'already_sent']).toContain(second.outcome);
	// Carried out by neither: no item may say it was done.
	if (second.carriedOut === 0) expect(['ok', 'sent', 'already_sent']).not.toContain(second.outcome);
	// Carried out by the second alone: it was sent now, and says so.
	if (cell.carriedOut === 0 && second.carriedOut === 1)
		expect(['ok', 'sent']).toContain(second.outcome);
}
