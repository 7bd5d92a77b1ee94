/**
 * Runs the built Pay Money Received Trigger's `poll()` with n8n-core's own PollContext, as n8n
 * (2.8.4 and 2.41.1, regular mode) runs a polling trigger:
 * - activation (and every start of n8n) loads the workflow's static data from the database, polls
 *   once at once, and saves the static data afterwards;
 * - the workflow object stays in memory between the polls that follow, so a poll that starts
 *   nothing keeps what it changed in memory only;
 * - each emission saves the static data (as n8n's `__emit` does) and starts one execution; a poll's
 *   answer other than null is emitted as n8n does with it. n8n does not wait for that write: its
 *   database layer turns the static data into JSON a few promise steps later (TypeORM's
 *   UpdateQueryBuilder.execute, after its listeners), so the write holds the static data as it
 *   stands once the promises pending then have run, not as it stood at the emission;
 * - a test run (the editor's Fetch Test Event) polls in `manual` mode and shows its answer;
 * - n8n may stop in the middle of a poll, after its first executions started: what it held in
 *   memory is gone, the executions not yet started never start, and the database holds what the
 *   last started one saved.
 */
import { PollContext } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IWorkflowBase,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { captureLogs } from './capturedLogs';
import { TestCredentialsHelper } from './credentialsHelper';
import { loadBuiltPackage } from './loadPackage';
import { CREDENTIAL_ID, makeAdditionalData } from './runWorkflow';

export interface PollOutcome {
	/** The items of each execution the poll started, in the order they started. */
	executions: IDataObject[][];
	logs: string[];
}

export class PollTriggerHarness {
	/** The workflow's static data as n8n's database holds it (JSON). */
	saved = '{}';
	private process: Workflow | undefined;

	private constructor(
		private readonly node: INode,
		private readonly nodeType: INodeType,
		private readonly loaded: Awaited<ReturnType<typeof loadBuiltPackage>>,
		readonly credentials: TestCredentialsHelper,
	) {}

	static async create(
		parameters: INodeParameters,
		credentials: ICredentialDataDecryptedObject,
	): Promise<PollTriggerHarness> {
		const loaded = await loadBuiltPackage();
		const helper = new TestCredentialsHelper(loaded.credentialTypes);
		helper.stored.set(CREDENTIAL_ID, { sessionToken: '', ...credentials });
		const type = loaded.typeName('payMoneyReceivedTrigger');
		const node: INode = {
			id: 'poll-trigger-under-test',
			name: 'Money Received',
			type,
			typeVersion: 1,
			position: [0, 0],
			parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, ...parameters },
			credentials: { payApi: { id: CREDENTIAL_ID, name: 'Pay sandbox' } },
		};
		return new PollTriggerHarness(
			node,
			loaded.nodeTypes.getByName(type) as INodeType,
			loaded,
			helper,
		);
	}

	/** The trigger's static data as saved in the database. */
	get staticData(): IDataObject {
		return ((JSON.parse(this.saved) as IDataObject)[`node:${this.node.name}`] ?? {}) as IDataObject;
	}

	/** The workflow is activated, or n8n starts with it active: a fresh process, one poll at once. */
	async activate(activation: WorkflowActivateMode = 'activate'): Promise<PollOutcome> {
		this.process = this.workflowFromDatabase();
		const outcome = await this.poll(this.process, 'trigger', activation);
		this.save(this.process);
		return outcome;
	}

	/** n8n is stopped and started again: what it held in memory is gone. */
	async restart(): Promise<PollOutcome> {
		return await this.activate('init');
	}

	/**
	 * One of the poll times comes. With `stopAfterExecutions`, n8n stops once that many executions
	 * of the poll have started: restart it before the next tick.
	 */
	async tick(stopAfterExecutions?: number): Promise<PollOutcome> {
		if (!this.process) throw new Error('activate the workflow first (or restart n8n)');
		const outcome = await this.poll(this.process, 'trigger', 'activate', stopAfterExecutions);
		if (stopAfterExecutions !== undefined) this.process = undefined;
		return outcome;
	}

	/** The editor's Fetch Test Event: its answer, as the node's output shows it. */
	async testRun(): Promise<{ items: IDataObject[] | null; logs: string[] }> {
		const outcome = await this.poll(this.workflowFromDatabase(), 'manual', 'manual');
		return { items: outcome.executions[0] ?? null, logs: outcome.logs };
	}

	private workflowFromDatabase(): Workflow {
		return new Workflow({
			id: 'poll-workflow',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes: this.loaded.nodeTypes,
			staticData: JSON.parse(this.saved) as IDataObject,
		});
	}

	/** What n8n's WorkflowStaticDataService.saveStaticData does: written whole when changed. */
	private save(workflow: Workflow): void {
		const data = workflow.staticData as IDataObject & { __dataChanged?: boolean };
		if (data.__dataChanged !== true) return;
		this.saved = JSON.stringify(data);
		data.__dataChanged = false;
	}

	private async poll(
		workflow: Workflow,
		mode: WorkflowExecuteMode,
		activation: WorkflowActivateMode,
		stopAfterExecutions = Infinity,
	): Promise<PollOutcome> {
		const executions: IDataObject[][] = [];
		const emit = (data: INodeExecutionData[][]) => {
			// As n8n's PollContext for a test run: its __emit throws.
			if (mode === 'manual') throw new Error('Overwrite PollContext.__emit function');
			// n8n has stopped: nothing more starts, nothing more is saved.
			if (executions.length >= stopAfterExecutions) return;
			void Promise.resolve().then(() => this.save(workflow));
			executions.push((data[0] ?? []).map((item) => item.json));
		};
		const additionalData = makeAdditionalData(this.credentials, 'poll', {
			id: workflow.id,
		} as IWorkflowBase);
		const context = new PollContext(workflow, this.node, additionalData, mode, activation, emit);
		const logs = captureLogs(context);
		const answer = await (
			this.nodeType.poll as (this: PollContext) => Promise<INodeExecutionData[][] | null>
		).call(context);
		if (answer !== null && mode === 'manual')
			executions.push((answer[0] ?? []).map((item) => item.json));
		else if (answer !== null) emit(answer);
		// The writes n8n issued are done.
		await new Promise((resolve) => setImmediate(resolve));
		return { executions, logs };
	}
}
