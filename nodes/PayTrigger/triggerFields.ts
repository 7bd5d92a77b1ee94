import type { INodeProperties } from 'n8n-workflow';

/**
 * Sorted by name, as n8n's lint wants. The catch-alls (Payment State Changed, Withdrawal Status
 * Changed) keep the values and meaning they had before the states could be chosen one by one.
 */
export const EVENT_OPTIONS = [
	{
		name: 'Payment Expired',
		value: 'paymentExpired',
		description: 'A payment callback with state 5 (expired)',
	},
	{
		name: 'Payment In Process',
		value: 'paymentInProcess',
		description: 'A payment callback with state 1 (in process: a checkout started, not paid yet)',
	},
	{
		name: 'Payment Not Paid',
		value: 'paymentNotPaid',
		description: 'A payment callback with state 2 (not paid; some documentation calls it expired)',
	},
	{
		name: 'Payment Paid',
		value: 'paymentPaid',
		description: 'A payment object was paid (state 3)',
	},
	{
		name: 'Payment Refunded',
		value: 'paymentRefunded',
		description: 'A payment callback with state 4 (refunded)',
	},
	{
		name: 'Payment State Changed',
		value: 'paymentOther',
		description: 'A payment callback with any state but paid: those above and any other',
	},
	{
		name: 'Withdrawal Consigned',
		value: 'withdrawalConsigned',
		description: 'A withdrawal moved to status 3 (consigned)',
	},
	{
		name: 'Withdrawal Created',
		value: 'withdrawalCreated',
		description: 'A withdrawal callback with status 0 (created)',
	},
	{
		name: 'Withdrawal Deposited',
		value: 'withdrawalDeposited',
		description: 'A withdrawal moved to status 2 (deposited)',
	},
	{
		name: 'Withdrawal Error',
		value: 'withdrawalError',
		description: 'A withdrawal moved to status 4 (error; the money returns to the balance)',
	},
	{
		name: 'Withdrawal In Process',
		value: 'withdrawalInProcess',
		description: 'A withdrawal moved to status 1 (in process)',
	},
	{
		name: 'Withdrawal Rejected',
		value: 'withdrawalRejected',
		description:
			'A withdrawal moved to status 5 (rejected by the bank; the money returns to the balance)',
	},
	{
		name: 'Withdrawal Status Changed',
		value: 'withdrawal',
		description: 'A withdrawal moved to any status',
	},
];

/**
 * The canvas reads "On payment paid, withdrawal status changed", not the options' internal values.
 */
const EVENT_LABELS = JSON.stringify(
	Object.fromEntries(EVENT_OPTIONS.map((event) => [event.value, event.name.toLowerCase()])),
);

export const TRIGGER_SUBTITLE = `={{"On " + $parameter["events"].map((event) => (${EVENT_LABELS})[event] || event).join(", ")}}`;

/** Request headers that carry credentials, as n8n names them in the output (lower case). */
export const SENSITIVE_HEADERS = ['authorization', 'cookie', 'proxy-authorization', 'x-api-key'];

/**
 * The trigger's fields: where to paste its URL, which events start the workflow, and how callbacks
 * are checked.
 */
export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			"Paste this node's <b>Production URL</b> (above) as the Callback URL of the Pay node's Payment → Create / Update or Withdrawal → Withdraw to Instant-Payment Key. The Pay node adds the credential's callback secret to it; callbacks without it are refused. Use the Test URL while building the workflow.",
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
		description:
			'Which callbacks start the workflow; others are acknowledged and ignored. Choose a state by itself, or a catch-all for every state.',
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
				description:
					'Only accept callbacks from these addresses (comma-separated). Empty accepts any sender.',
			},
			{
				displayName: 'Ignore Repeats Within (Minutes)',
				name: 'repeatWindowMinutes',
				type: 'number',
				default: 60,
				typeOptions: { minValue: 0 },
				description:
					'The same event (kind, slug or ID, state) received again within this time starts nothing. 0 turns this off.',
				hint: '0 turns the guard off; a negative or non-number value (an expression included) is refused: the trigger then takes no callback and names this field',
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
];
