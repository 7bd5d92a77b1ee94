/**
 * One cell of the matrix: an operation run under a fault, then run again, the fault cleared, by a
 * second execution of the same workflow with the same start data, as n8n's Retry of the first or a
 * re-run of its trigger event would (a new execution id; the same workflow, node and data, so the
 * same derived Reference). After each, what the service carried out is counted from its effects.
 */
import type { IDataObject, IRun, WorkflowExecuteMode } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { TestCredentialsHelper } from '../harness/credentialsHelper';
import { loadBuiltPackage } from '../harness/loadPackage';
import { runPayNode } from '../harness/runWorkflow';
import { sandboxCredentials } from '../harness/sandboxCredentials';
import type { MatrixFault } from './faults';
import type { MatrixOperation } from './operations';

export interface ExecutionSeen {
	/** The node's first output item, as the next node would receive it. */
	json: IDataObject;
	run: IRun;
	/** Requests of the operation's route the service received during this execution. */
	received: number;
	/** Times the service carried the operation out so far, both executions together. */
	carriedOut: number;
}

export interface TwoExecutions {
	parameters: IDataObject;
	first: ExecutionSeen;
	second: ExecutionSeen;
}

const requestOptions = { timeoutMs: 500, maxRetries: 2 };
const settings = { continueOnFail: true, retryOnFail: true, maxTries: 2, waitBetweenTries: 1 };

export async function runTwoExecutions(
	sandbox: Sandbox,
	operation: MatrixOperation,
	matrixFault: MatrixFault,
): Promise<TwoExecutions> {
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

	// One workflow per cell: n8n keeps the references a node recorded per workflow.
	const workflowId = `matrix: ${operation.name}, ${matrixFault.name}`;
	let receivedBefore = 0;
	const execute = async (mode: WorkflowExecuteMode): Promise<ExecutionSeen> => {
		const { items, run } = await runPayNode({
			parameters: { ...parameters, requestOptions },
			credentials: sandboxCredentials(sandbox),
			credentialsHelper: credentials,
			settings,
			workflowId,
			mode,
		});
		await sandbox.control.clearFaults();
		// A request held by the timeout's latency is carried out after the node gave up on it.
		await sandbox.control.settle();
		const receivedSoFar = await sandbox.control.count(operation.route);
		const received = receivedSoFar - receivedBefore;
		receivedBefore = receivedSoFar;
		const carriedOut = await operation.carriedOut(sandbox);
		return { json: items[0]?.json ?? {}, run, received, carriedOut };
	};
	// Started by its trigger, then n8n's Retry: neither is the editor's test run,
	// which derives a new key.
	const first = await execute('trigger');
	const second = await execute('retry');
	return { parameters, first, second };
}
