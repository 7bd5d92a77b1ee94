/**
 * Calls the built Pay Trigger's `webhook()` with n8n-core's own WebhookContext, as n8n does when a
 * callback arrives: parameters resolved by the workflow, credentials through the credentials
 * helper, static data kept on the workflow between calls, the response captured.
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

import { TestCredentialsHelper } from './credentialsHelper';
import { loadBuiltPackage } from './loadPackage';
import { CREDENTIAL_ID, makeAdditionalData } from './runWorkflow';

export interface CallbackRequest {
	body?: unknown;
	rawBody?: string;
	headers?: Record<string, string>;
	query?: Record<string, string>;
	ip?: string;
}

export interface TriggerAnswer {
	result: IWebhookResponseData;
	/** Status and JSON the trigger answered itself (refusals, drops); undefined when n8n answers. */
	response?: { status: number; body: unknown };
	/** The items a workflow would start with; empty when nothing starts. */
	items: IDataObject[];
	/** What the trigger wrote to n8n's log while answering, e.g. "warn: Pay Trigger refused a callback: …". */
	logs: string[];
}

let harnessesMade = 0;

export class PayTriggerHarness {
	private constructor(
		private readonly workflow: Workflow,
		private readonly node: INode,
		private readonly nodeType: INodeType,
		readonly credentials: TestCredentialsHelper,
		private readonly credentialId: string,
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
	): Promise<PayTriggerHarness> {
		const loaded = await loadBuiltPackage();
		const helper = new TestCredentialsHelper(loaded.credentialTypes);
		// Its own credential id: the trigger keeps a credential for a few seconds per workflow and credential id.
		const credentialId = `${CREDENTIAL_ID}-trigger-${++harnessesMade}`;
		helper.stored.set(credentialId, { sessionToken: '', ...credentials });
		const node: INode = {
			id: 'trigger-under-test',
			name: 'Pay Trigger',
			type: loaded.typeName('payTrigger'),
			typeVersion: 1,
			position: [0, 0],
			parameters,
			credentials: { payApi: { id: credentialId, name: 'Pay sandbox' } },
			webhookId: 'pay-trigger-webhook',
		};
		const workflow = new Workflow({
			id: 'trigger-workflow',
			nodes: [node],
			connections: {},
			active: true,
			nodeTypes: loaded.nodeTypes,
			staticData: {},
		});
		return new PayTriggerHarness(
			workflow,
			node,
			loaded.nodeTypes.getByName(node.type) as INodeType,
			helper,
			credentialId,
		);
	}

	async receive(request: CallbackRequest): Promise<TriggerAnswer> {
		let response: TriggerAnswer['response'];
		const httpResponse = {
			status(code: number) {
				response = { status: code, body: undefined };
				return this;
			},
			json(body: unknown) {
				response = { status: response?.status ?? 200, body };
				return this;
			},
			end() {
				return this;
			},
		};
		const rawBody =
			request.rawBody ?? (request.body === undefined ? '' : JSON.stringify(request.body));
		const httpRequest = {
			body: request.body ?? {},
			rawBody: Buffer.from(rawBody),
			headers: { 'content-type': 'application/json', ...(request.headers ?? {}) },
			query: request.query ?? {},
			params: {},
			ip: request.ip ?? '127.0.0.1',
		};
		const additionalData = makeAdditionalData(this.credentials, 'webhook-execution', {
			id: this.workflow.id,
		} as IWorkflowBase);
		Object.assign(additionalData, { httpRequest, httpResponse });
		const webhookData = {
			httpMethod: 'POST',
			node: this.node.name,
			path: 'pay',
			webhookDescription: { name: 'default' },
			workflowId: this.workflow.id,
		} as unknown as IWebhookData;
		const context = new WebhookContext(
			this.workflow,
			this.node,
			additionalData,
			'webhook',
			webhookData,
			[],
			null,
		);
		// In place of n8n's logger (a memoized getter, so an own property set first wins): the lines are kept for the test.
		const logs: string[] = [];
		const record = (level: string) => (message: string) => void logs.push(`${level}: ${message}`);
		Object.defineProperty(context, 'logger', {
			value: {
				error: record('error'),
				warn: record('warn'),
				info: record('info'),
				debug: record('debug'),
			},
		});
		const result = await (
			this.nodeType.webhook as (this: WebhookContext) => Promise<IWebhookResponseData>
		).call(context);
		const items = (result.workflowData?.[0] ?? []).map((item) => item.json);
		return { result, response, items, logs };
	}

	get staticData(): IDataObject {
		return this.workflow.getStaticData('node', this.node);
	}
}
