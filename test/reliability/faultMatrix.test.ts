/**
 * The fault-injection matrix: every operation kind under every fault, with the rules that protect
 * money checked in each cell; the run writes docs/RELIABILITY.md.
 */
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { TestCredentialsHelper } from '../harness/credentialsHelper';
import { loadBuiltPackage } from '../harness/loadPackage';
import { runPayNode, shutDownEngine } from '../harness/runWorkflow';
import { sandboxCredentials, secretsOf } from '../harness/sandboxCredentials';
import { profileUnderTest } from '../harness/sandboxProfile';
import { runDataText, secretsFoundIn } from '../harness/secretScan';
import { MATRIX_FAULTS } from './faults';
import { MATRIX_OPERATIONS } from './operations';
import { writeReliabilityReport } from './report';
import type { MatrixCell } from './report';

let sandbox: Sandbox;
const cells: MatrixCell[] = [];

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, profile: profileUnderTest() });
});
afterAll(async () => {
	// Both profiles check every cell; the report is written from the live service's shapes alone, so
	// the two runs never write the file at once.
	if (
		profileUnderTest() === 'observed' &&
		cells.length === MATRIX_OPERATIONS.length * MATRIX_FAULTS.length
	) {
		writeReliabilityReport(
			cells,
			MATRIX_OPERATIONS.map((operation) => operation.name),
			MATRIX_FAULTS.map((fault) => fault.name),
		);
	}
	await sandbox.close();
	shutDownEngine();
});

const requestOptions = { timeoutMs: 500, maxRetries: 2 };

describe.each(MATRIX_OPERATIONS)('$name', (operation) => {
	it.each(MATRIX_FAULTS)('under $name', async (matrixFault) => {
		await sandbox.control.reset();
		const parameters = await operation.prepare(sandbox);
		const credentials = new TestCredentialsHelper((await loadBuiltPackage()).credentialTypes);
		if (matrixFault.expireTokens) {
			// A token obtained earlier and cached, as in a long-running n8n, then expired by the service.
			await runPayNode({
				parameters: { resource: 'transfer', operation: 'getAll', returnAll: true },
				credentials: sandboxCredentials(sandbox),
				credentialsHelper: credentials,
			});
			await sandbox.control.expireTokens();
		}
		await sandbox.control.resetCounters();
		if (matrixFault.fault)
			await sandbox.control.injectFault({ route: operation.route, ...matrixFault.fault });

		const { items, run } = await runPayNode({
			parameters: { ...parameters, requestOptions },
			credentials: sandboxCredentials(sandbox),
			credentialsHelper: credentials,
			settings: { continueOnFail: true, retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
		});
		await sandbox.control.clearFaults();
		const received = await sandbox.control.count(operation.route);
		const carriedOut = await operation.carriedOut(sandbox);
		const json = items[0]?.json ?? {};
		const outcome =
			json.error === undefined
				? received > 1
					? 'retried ok'
					: 'ok'
				: json.outcome === 'unknown'
					? 'unknown reported'
					: 'clear error';
		const leaks = secretsFoundIn(runDataText(run.data), [
			...secretsOf(sandbox.demo),
			...(operation.cardSecrets ?? []),
			'sandbox-access-',
		]);
		const secretLeaked = leaks.length > 0;
		// The payment's slug is new in every run; showing it as {slug} keeps docs/RELIABILITY.md the same from run to run.
		const slug = typeof parameters.slug === 'string' ? parameters.slug : undefined;
		const error = json.error === undefined ? '' : String(json.error);
		const message = slug === undefined ? error : error.split(slug).join('{slug}');
		cells.push({
			operation: operation.name,
			fault: matrixFault.name,
			movesMoney: operation.movesMoney,
			outcome,
			received,
			carriedOut,
			secretLeaked,
			message,
		});

		expect(leaks).toEqual([]);
		expect(carriedOut).toBeLessThanOrEqual(1);
		if (operation.movesMoney) {
			expect(received).toBeLessThanOrEqual(matrixFault.expireTokens ? 2 : 1);
			if (outcome === 'unknown reported') expect(message).toMatch(/may have/);
		}
		if (json.error !== undefined) expect(message.length).toBeGreaterThan(10);
		// A failure body is never a success, whatever its status; a money-moving call is refused, not tried again.
		if (matrixFault.fault?.failure !== undefined) expect(outcome).not.toBe('ok');
		if (matrixFault.fault?.failure !== undefined && operation.movesMoney)
			expect([outcome, json.outcome]).toEqual(['clear error', 'refused']);
		// A money-moving call that was carried out is never reported as a plain failure.
		if (operation.movesMoney && carriedOut === 1 && json.error !== undefined)
			expect(json.outcome).toBe('unknown');
	});
});
