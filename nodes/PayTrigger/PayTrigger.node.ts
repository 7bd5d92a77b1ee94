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

import { CREDENTIAL_NAME } from '../Pay/transport/request';
import { parseCallback } from './callbackEvent';
import type { CallbackEvent } from './callbackEvent';
import { carriesSecret } from './callbackSecret';
import { oneCopyAtATime } from './callbacksUnderWay';
import { forgetCredentials, keptCredentials } from './credentialCache';
import { readCallbackBody } from './readCallbackBody';
import { eventKey, isRecorded, remember, seenRecently } from './repeatGuard';
import { isAllowedSender, parseAllowList } from './senderAddress';
import { confirmedFacts, verifyPaymentState } from './verifyPayment';

const SECRET_PARAMETER = 'token';
/** Request headers that carry credentials, as n8n names them in the output (lower case). */
const SENSITIVE_HEADERS = ['authorization', 'cookie', 'proxy-authorization', 'x-api-key'];
/** How long a started event keeps its copies out in this process, while n8n saves the stored data. */
const COPY_GRACE_MS = 60_000;

const EVENT_OPTIONS = [
	{ name: 'Payment Paid', value: 'paymentPaid', description: 'A payment object was paid' },
	{ name: 'Payment State Changed', value: 'paymentOther', description: 'A payment callback with any other state' },
	{ name: 'Withdrawal Status Changed', value: 'withdrawal', description: 'A withdrawal moved to another status' },
];

/** The canvas reads "On payment paid, withdrawal status changed", not the options' internal values. */
const EVENT_LABELS = JSON.stringify(Object.fromEntries(EVENT_OPTIONS.map((event) => [event.value, event.name.toLowerCase()])));

export class PayTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Pay Trigger',
		name: 'payTrigger',
		icon: { light: 'file:pay.svg', dark: 'file:pay.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: `={{"On " + $parameter["events"].map((event) => (${EVENT_LABELS})[event] || event).join(", ")}}`,
		description: "Starts the workflow when the service calls back: a payment paid, or a withdrawal's status changed",
		defaults: { name: 'Pay Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'payApi', required: true }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'pay' }],
		// The callback's headers are output as they came: a sender's or a proxy's credentials among
		// them are hidden wherever n8n 2.41+ shows execution data (editor, executions, API); the
		// workflow still gets them. Older n8n ignore the property.
		sensitiveOutputFields: SENSITIVE_HEADERS.map((header) => `headers.${header}`),
		properties: [
			{
				displayName:
					'Paste this node\'s <b>Production URL</b> (above) as the Callback URL of the Pay node\'s Payment → Create / Update or Withdrawal → Withdraw to Instant-Payment Key. The Pay node adds the credential\'s callback secret to it; callbacks without it are refused. Use the Test URL while building the workflow.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: EVENT_OPTIONS,
				default: ['paymentPaid', 'withdrawal'],
				description: 'Which callbacks start the workflow; others are acknowledged and ignored',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Allowed Sender IPs',
						name: 'allowedIps',
						type: 'string',
						default: '',
						placeholder: 'e.g. 203.0.113.10, 203.0.113.11',
						description: 'Only accept callbacks from these addresses (comma-separated). Empty accepts any sender.',
					},
					{
						displayName: 'Ignore Repeats Within (Minutes)',
						name: 'repeatWindowMinutes',
						type: 'number',
						default: 60,
						typeOptions: { minValue: 0 },
						description: 'The same event (kind, slug or ID, state) received again within this time starts nothing. 0 turns this off.',
					},
					{
						displayName: 'Require Callback Secret',
						name: 'requireSecret',
						type: 'boolean',
						default: true,
						description:
							"Whether to refuse (401) callbacks whose token query parameter is not the credential's callback secret. Turn off only behind another check.",
					},
					{
						displayName: 'Verify Payments with the API',
						name: 'verifyWithApi',
						type: 'boolean',
						default: true,
						description:
							'Whether to re-read the payment object before starting the workflow and drop callbacks whose state the service does not confirm',
					},
				],
			},
		],
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
		const request = this.getRequestObject();
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const refuse = (status: number, message: string): IWebhookResponseData => {
			this.getResponseObject().status(status).json({ received: false, message });
			this.logger.warn(`Pay Trigger refused a callback: ${message}`);
			return { noWebhookResponse: true };
		};
		const acknowledge = (note: string): IWebhookResponseData => {
			// 200, so the service does not send it again; nothing starts.
			this.getResponseObject().status(200).json({ received: true, note });
			this.logger.info(`Pay Trigger dropped a callback: ${note}`);
			return { noWebhookResponse: true };
		};

		// Kept a few seconds across callbacks: in n8n every read fetches and decrypts the credential again.
		const keptKey = `${this.getWorkflow().id ?? ''}\u0000${this.getNode().credentials?.[CREDENTIAL_NAME]?.id ?? ''}`;
		let credentials: Promise<ICredentialDataDecryptedObject> | undefined;
		const readCredentials = async () => await (credentials ??= keptCredentials(keptKey, async () => await this.getCredentials(CREDENTIAL_NAME)));
		const secretOf = async () => {
			const { callbackSecret } = await readCredentials();
			return typeof callbackSecret === 'string' ? callbackSecret : '';
		};

		if (!isAllowedSender(request.ip, parseAllowList(options.allowedIps))) return refuse(403, 'Sender address not allowed');
		if (options.requireSecret !== false) {
			let secret = await secretOf();
			const carried = (this.getQueryData() as IDataObject)[SECRET_PARAMETER];
			if (secret === '' || !carriesSecret(carried, secret)) {
				// Perhaps changed since it was kept: refused only against the credential as it is now.
				forgetCredentials(keptKey);
				credentials = undefined;
				secret = await secretOf();
			}
			// Said plainly (in the answer and n8n's log): otherwise every callback is refused and nobody sees why.
			if (secret === '') {
				return refuse(
					401,
					'The credential has no Callback Secret, so no callback can be checked: set one in the credential (the Pay node adds it to the callback URLs it sends), or turn off Options → Require Callback Secret',
				);
			}
			if (!carriesSecret(carried, secret)) return refuse(401, 'Missing or wrong callback secret');
		}

		const headers = this.getHeaderData() as IDataObject;
		const reading = readCallbackBody(this.getBodyData(), (request as { rawBody?: Buffer }).rawBody, String(headers['content-type'] ?? ''));
		if (!reading.ok) return refuse(400, reading.problem);
		const parsed = parseCallback(reading.body);
		if (!parsed.ok) return refuse(400, parsed.problem);
		const event = parsed.event;

		if (!wanted(event, this.getNodeParameter('events', []) as string[])) return acknowledge(`${event.json.event} is not among the selected events`);
		const staticData = this.getWorkflowStaticData('node');
		const windowMinutes = Number(options.repeatWindowMinutes ?? 60);
		const key = eventKey(event.kind, event.id, event.state);
		const emit = async (started: () => void): Promise<IWebhookResponseData> => {
			if (windowMinutes > 0 && seenRecently(staticData, key, windowMinutes)) return acknowledge(`repeat of ${key}`);
			const json: IDataObject = { ...event.json, verified: false };
			if (event.kind === 'payment' && options.verifyWithApi !== false) {
				let verification;
				try {
					verification = await verifyPaymentState(this, event.id, event.state, await readCredentials());
				} catch (error) {
					// The service does not know it: no genuine callback, answered for good, not as an outage.
					if ((error as { httpCode?: string }).httpCode === '404') return acknowledge(`the service has no payment ${event.id}`);
					// Not emitted unverified: the workflow would trust a claim nobody checked.
					return refuse(503, `Could not verify the payment with the service: ${(error as Error).message}`);
				}
				if (!verification.confirmed) {
					return acknowledge(`callback for ${event.id} claims state ${event.state}, the service says ${verification.serviceState}`);
				}
				// What the service said replaces what the callback claimed (amounts, payer), keeping the fields' order.
				Object.assign(json, confirmedFacts(json, verification.payment), { verified: true, payment: verification.payment });
			}
			if (windowMinutes > 0) remember(staticData, key, windowMinutes);
			started();
			json.body = reading.body;
			json.headers = headers;
			// Answered here rather than left to n8n: a short JSON instead of n8n's "firstEntryJson" text,
			// and n8n 2.41 saves the repeat record only then (left to n8n, it starts the run first and
			// loses the change). The service sends each callback once, so answering before the run starts
			// loses nothing.
			this.getResponseObject().status(200).json({ received: true });
			return { noWebhookResponse: true, workflowData: [[{ json }]] };
		};
		// Off (0), or a mapped value that is no number: no repeat guard, as before.
		if (!(windowMinutes > 0)) return await emit(() => {});
		// Copies arriving together: the stored data sees an event only after its first copy's request.
		const copyKey = `${this.getWorkflow().id ?? ''}\u0000${this.getNode().name}\u0000${key}`;
		const repeat = () => acknowledge(`repeat of ${key}`);
		return await oneCopyAtATime(copyKey, Math.min(COPY_GRACE_MS, windowMinutes * 60_000), emit, repeat, () => isRecorded(staticData, key));
	}
}

function wanted(event: CallbackEvent, events: string[]): boolean {
	if (event.kind === 'withdrawal') return events.includes('withdrawal');
	return events.includes(event.json.paid ? 'paymentPaid' : 'paymentOther');
}
