import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIAL_NAME } from '../shared/transport/requestTypes';
import { parseCallback } from '../shared/callback/callbackEvent';
import { refusedAtTheGate } from './callbackGate';
import { oneCopyAtATime } from './callbacksUnderWay';
import { forgetCredentials, keptCredentials } from './credentialCache';
import { emitEvent } from './emitEvent';
import { isSelected } from './eventFilter';
import { rawBodyOf, readCallbackBody } from '../shared/callback/readCallbackBody';
import type { RawBodySource } from '../shared/callback/readCallbackBody';
import { eventKey, repeatRecords } from './repeatGuard';
import { SENSITIVE_HEADERS, TRIGGER_SUBTITLE, triggerProperties } from './triggerFields';
import { acknowledge, refuse } from './webhookAnswers';

/** How long a started event keeps its copies out in this process, whatever the records say. */
const COPY_GRACE_MS = 60_000;

export class PayTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Pay Trigger',
		name: 'payTrigger',
		icon: { light: 'file:pay.svg', dark: 'file:pay.dark.svg' },
		group: ['trigger'],
		// Version 2 behaves as version 1. n8n treats a start node of version 1 as its Webhook node v1:
		// before every callback it works out that node's "binary data" option, an expression (in n8n
		// 2.41's expression isolate, about 8 ms of CPU); from version 2 it skips that.
		version: [1, 2],
		defaultVersion: 2,
		subtitle: TRIGGER_SUBTITLE,
		description:
			"Starts the workflow when the service calls back: a payment paid, or a withdrawal's status changed",
		defaults: { name: 'Pay Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'payApi', required: true }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'pay' }],
		// The callback's headers are output as they came: a sender's or a proxy's credentials among
		// them are hidden wherever n8n 2.41+ shows execution data (editor, executions, API); the
		// workflow still gets them. Older n8n ignore the property.
		sensitiveOutputFields: SENSITIVE_HEADERS.map((header) => `headers.${header}`),
		properties: triggerProperties,
	};

	// The service has no endpoint to register callbacks: the URL is pasted into the Pay node instead.
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return this.getWorkflowStaticData('node').activatedAt !== undefined;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				this.getWorkflowStaticData('node').activatedAt = new Date().toISOString();
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				delete this.getWorkflowStaticData('node').activatedAt;
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const options = this.getNodeParameter('options', {}) as IDataObject;
		// Kept a few seconds across callbacks: in n8n every read fetches and decrypts the credential again.
		const keptKey = `${this.getWorkflow().id ?? ''}\u0000${this.getNode().credentials?.[CREDENTIAL_NAME]?.id ?? ''}`;
		let credentials: Promise<ICredentialDataDecryptedObject> | undefined;
		const readCredentials = async () =>
			await (credentials ??= keptCredentials(
				keptKey,
				async () => await this.getCredentials(CREDENTIAL_NAME),
			));
		const forget = () => {
			forgetCredentials(keptKey);
			credentials = undefined;
		};
		const refused = await refusedAtTheGate(this, options, readCredentials, forget);
		if (refused) return refused;

		const headers = this.getHeaderData() as IDataObject;
		const reading = readCallbackBody(
			this.getBodyData(),
			await rawBodyOf(this.getRequestObject() as RawBodySource),
			String(headers['content-type'] ?? ''),
		);
		if (!reading.ok) return refuse(this, 400, reading.problem);
		const parsed = parseCallback(reading.body);
		if (!parsed.ok) return refuse(this, 400, parsed.problem);
		const event = parsed.event;
		if (!isSelected(event, this.getNodeParameter('events', []) as string[]))
			return acknowledge(this, `${event.json.event} is not among the selected events`);

		const windowMinutes = Number(options.repeatWindowMinutes ?? 60);
		const key = eventKey(event.kind, event.id, event.state);
		const run = { event, body: reading.body, headers, options, key, readCredentials };
		// Off (0), or a mapped value that is no number: no repeat guard, as before.
		if (!(windowMinutes > 0)) return await emitEvent(this, run, () => {});
		const trigger = `${this.getWorkflow().id ?? ''}\u0000${this.getNode().name}`;
		const repeats = repeatRecords(trigger, this.getWorkflowStaticData('node'), windowMinutes);
		const emit = async (started: () => void) => await emitEvent(this, { ...run, repeats }, started);
		// Copies arriving together: the records see an event only once its first copy has been verified.
		const repeat = () => acknowledge(this, `repeat of ${key}`);
		return await oneCopyAtATime(
			`${trigger}\u0000${key}`,
			Math.min(COPY_GRACE_MS, windowMinutes * 60_000),
			emit,
			repeat,
			() => repeats.isRecorded(key),
		);
	}
}
