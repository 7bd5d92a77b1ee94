import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { withCallbackAccounting } from '../shared/accounting/callbackAccounting';
import { parseCallback } from '../shared/callback/callbackEvent';
import { rawBodyOf, readCallbackBody } from '../shared/callback/readCallbackBody';
import type { RawBodySource } from '../shared/callback/readCallbackBody';
import { refusedAtTheGate } from './callbackGate';
import { CallbackCredentials } from '../shared/callback/credentialCache';
import { isSelected } from './eventFilter';
import { eventKey, repeatGuardFor } from './repeatGuard';
import { SENSITIVE_HEADERS, TRIGGER_SUBTITLE, triggerProperties } from './triggerFields';
import { readTriggerOptions } from './triggerOptions';
import { verifiedItem } from './verifyPayment';
import { acknowledge, refuse, start } from './webhookAnswers';

const CALLBACK_WEBHOOK: IWebhookDescription = {
	name: 'default',
	httpMethod: 'POST',
	responseMode: 'onReceived',
	// Empty: n8n answers with the node's own answer (webhookAnswers.ts, start).
	responseData: '',
	path: 'pay',
};

export class PayTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Pay Trigger',
		name: 'payTrigger',
		icon: { light: 'file:pay.svg', dark: 'file:pay.dark.svg' },
		group: ['trigger'],
		// Version 2 behaves as version 1. n8n treats a start node of version 1 as its Webhook node
		// v1: before every callback it works out that node's "binary data" option, an expression
		// (in n8n 2.41's expression isolate, about 8 ms of CPU); from version 2 it skips that.
		version: [1, 2],
		defaultVersion: 2,
		subtitle: TRIGGER_SUBTITLE,
		description:
			'Starts the workflow when the service calls back: a payment paid, ' +
			"or a withdrawal's status changed",
		defaults: { name: 'Pay Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'payApi', required: true }],
		webhooks: [CALLBACK_WEBHOOK],
		// The callback's headers are output as they came: a sender's or a proxy's credentials among
		// them are hidden wherever n8n 2.41+ shows execution data (editor, executions, API); the
		// workflow still gets them. Older n8n ignore the property.
		sensitiveOutputFields: SENSITIVE_HEADERS.map((header) => `headers.${header}`),
		properties: triggerProperties,
	};

	// The service has no endpoint to register callbacks: the URL is pasted into the Pay node.
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				// Called on every activation and test listen: an unusable option stops it there.
				readTriggerOptions(this.getNode(), this.getNodeParameter('options', {}) as IDataObject);
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

	/** What happens to a callback, in order. */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const options = readTriggerOptions(
			this.getNode(),
			this.getNodeParameter('options', {}) as IDataObject,
		);
		const credentials = new CallbackCredentials(this);
		const refused = await refusedAtTheGate(this, options, credentials);
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
		const { event } = parsed;
		if (!isSelected(event, this.getNodeParameter('events', []) as string[]))
			return acknowledge(this, `${event.json.event} is not among the selected events`);

		const repeats = repeatGuardFor(this, options.repeatWindowMinutes);
		const key = eventKey(event);
		if (await repeats.isRepeat(key)) return acknowledge(this, `repeat of ${key}`);
		try {
			const verified = await verifiedItem(this, event, options, credentials);
			if (!verified.ok) return verified.answer;
			repeats.started(key);
			const item = { ...withCallbackAccounting(verified.json), body: reading.body, headers };
			return start(item, () => repeats.keep());
		} finally {
			// Started or not, the copies of this event waiting for it go on.
			repeats.release();
		}
	}
}
