/**
 * Calls the built Pay Trigger's `webhook()` with n8n-core's own WebhookContext, as n8n does when a
 * callback arrives: parameters resolved by the workflow, credentials through the credentials
 * helper, static data kept on the workflow between calls, the response captured.
 * Given a `StaticDataDatabase`, static data is handled as n8n's server does instead: loaded afresh
 * for each request, and written back whole after it when the request changed it.
 * A callback that starts the workflow goes on as in n8n 2.41: the run is registered (which wraps
 * the same static data again, clearing its changed mark), then n8n reads the answer, then saves.
 */
import { WebhookContext } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeParameters,
	INodeType,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowBase,
} from 'n8n-workflow';

import { captureLogs } from './capturedLogs';
import { TestCredentialsHelper } from './credentialsHelper';
import { loadBuiltPackage } from './loadPackage';
import { CREDENTIAL_ID, makeAdditionalData } from './runWorkflow';
import { fakeWebhookExchange } from './webhookRequest';
import type { CallbackRequest } from './webhookRequest';

export type { CallbackRequest };

export interface TriggerAnswer {
	result: IWebhookResponseData;
	/** Status and JSON the sender gets: the trigger's own (refusals, drops), or n8n's. */
	response?: { status: number; body: unknown };
	/** Whether n8n answered, once it had registered the run (rather than the trigger itself). */
	answeredByN8n: boolean;
	/** The items a workflow would start with; empty when nothing starts. */
	items: IDataObject[];
	/**
	 * What the trigger wrote to n8n's log while answering, e.g. "warn: Pay
	 * Trigger refused a callback: …".
	 */
	logs: string[];
}

let harnessesMade = 0;

export interface TriggerWorkflowOptions {
	/**
	 * Where static data is loaded from and saved to per request, as n8n's server does;
	 * none: kept on the workflow.
	 */
	database?: StaticDataDatabase;
	/** The workflow's id: the trigger keeps what it holds in memory per workflow (and node). */
	workflowId?: string;
	/** The node's version in the workflow; by default the one n8n gives a new node. */
	typeVersion?: number;
}

/**
 * The workflow's row in n8n's database, as far as static data goes. A save is taken (serialized)
 * when n8n issues it, as n8n's query builder does, and lands `writeMs()` later: saves issued
 * together can land in another order, as through n8n's pool of database connections.
 */
export class StaticDataDatabase {
	/** The static data as saved, JSON. */
	saved = '{}';
	writes = 0;

	constructor(private readonly writeMs: () => number = () => 0) {}

	load(): IDataObject {
		return JSON.parse(this.saved) as IDataObject;
	}

	/** What n8n does after a webhook request (WorkflowStaticDataService.saveStaticData). */
	async saveIfChanged(workflow: Workflow): Promise<void> {
		if ((workflow.staticData as { __dataChanged?: boolean }).__dataChanged !== true) return;
		const taken = JSON.stringify(workflow.staticData);
		await new Promise((resolve) => setTimeout(resolve, this.writeMs()));
		this.saved = taken;
		this.writes++;
	}
}

export class PayTriggerHarness {
	private constructor(
		private readonly workflow: Workflow,
		/** The object the workflow's static data wraps, as n8n loaded it. */
		private readonly loadedStaticData: IDataObject,
		private readonly node: INode,
		private readonly nodeType: INodeType,
		readonly credentials: TestCredentialsHelper,
		private readonly credentialId: string,
		private readonly database?: StaticDataDatabase,
	) {}

	/** Changes the stored credential, as a user editing it in n8n does. */
	changeCredential(changes: ICredentialDataDecryptedObject): void {
		this.credentials.stored.set(this.credentialId, {
			...this.credentials.stored.get(this.credentialId),
			...changes,
		});
	}

	static async create(
		parameters: INodeParameters,
		credentials: ICredentialDataDecryptedObject,
		{ database, workflowId = 'trigger-workflow', typeVersion }: TriggerWorkflowOptions = {},
	): Promise<PayTriggerHarness> {
		const loaded = await loadBuiltPackage();
		const { description } = loaded.nodeTypes.getByName(loaded.typeName('payTrigger')) as INodeType;
		const helper = new TestCredentialsHelper(loaded.credentialTypes);
		// Its own credential id: the trigger keeps a credential for a few seconds per
		// workflow and credential id.
		const credentialId = `${CREDENTIAL_ID}-trigger-${++harnessesMade}`;
		helper.stored.set(credentialId, { sessionToken: '', ...credentials });
		const node: INode = {
			id: 'trigger-under-test',
			name: 'Pay Trigger',
			type: loaded.typeName('payTrigger'),
			typeVersion: typeVersion ?? description.defaultVersion ?? 1,
			position: [0, 0],
			parameters,
			credentials: { payApi: { id: credentialId, name: 'Pay sandbox' } },
			webhookId: 'pay-trigger-webhook',
		};
		const staticData: IDataObject = {};
		const workflow = new Workflow({
			id: workflowId,
			nodes: [node],
			connections: {},
			active: true,
			nodeTypes: loaded.nodeTypes,
			staticData,
		});
		return new PayTriggerHarness(
			workflow,
			staticData,
			node,
			loaded.nodeTypes.getByName(node.type) as INodeType,
			helper,
			credentialId,
			database,
		);
	}

	/**
	 * The workflow a request runs in: with a database, loaded from it, as n8n loads it per request.
	 */
	private requestWorkflow(): { workflow: Workflow; loaded: IDataObject } {
		if (this.database === undefined)
			return { workflow: this.workflow, loaded: this.loadedStaticData };
		const loaded = this.database.load();
		return { workflow: this.workflowWith(loaded), loaded };
	}

	private workflowWith(staticData: IDataObject): Workflow {
		return new Workflow({
			id: this.workflow.id,
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes: this.workflow.nodeTypes,
			staticData,
		});
	}

	/**
	 * What n8n 2.41 does with a callback that starts the workflow, before it saves the static data:
	 * registering the run wraps the same static data again (WorkflowRunner's
	 * establishContextForPersistence), then it reads the node's answer.
	 */
	private registerRunAndAnswer(
		result: IWebhookResponseData,
		loaded: IDataObject,
	): { status: number; body: unknown } | undefined {
		if (result.noWebhookResponse === true || result.workflowData === undefined) return undefined;
		this.workflowWith(loaded);
		return { status: 200, body: result.webhookResponse };
	}

	async receive(request: CallbackRequest): Promise<TriggerAnswer> {
		const { httpRequest, httpResponse, recorded } = fakeWebhookExchange(
			request,
			this.node.typeVersion,
		);
		const { workflow, loaded } = this.requestWorkflow();
		const additionalData = makeAdditionalData(this.credentials, 'webhook-execution', {
			id: workflow.id,
		} as IWorkflowBase);
		Object.assign(additionalData, { httpRequest, httpResponse });
		const webhookData = {
			httpMethod: 'POST',
			node: this.node.name,
			path: 'pay',
			webhookDescription: { name: 'default' },
			workflowId: workflow.id,
		} as unknown as IWebhookData;
		const context = new WebhookContext(
			workflow,
			this.node,
			additionalData,
			'webhook',
			webhookData,
			[],
			null,
		);
		const logs = captureLogs(context);
		const result = await (
			this.nodeType.webhook as (this: WebhookContext) => Promise<IWebhookResponseData>
		).call(context);
		const n8nAnswer = this.registerRunAndAnswer(result, loaded);
		await this.database?.saveIfChanged(workflow);
		const items = (result.workflowData?.[0] ?? []).map((item) => item.json);
		const response = n8nAnswer ?? recorded.answer;
		return { result, response, answeredByN8n: n8nAnswer !== undefined, items, logs };
	}

	/** The trigger's static data: with a database, as saved there. */
	get staticData(): IDataObject {
		if (this.database !== undefined)
			return (this.database.load()[`node:${this.node.name}`] ?? {}) as IDataObject;
		return this.workflow.getStaticData('node', this.node);
	}
}
