import type { INodeProperties } from 'n8n-workflow';

import { ACCOUNT_LABEL } from './accountIdentity';

/** The trigger's fields; n8n adds Poll Times (how often the list is checked) itself. */
export const moneyReceivedProperties: INodeProperties[] = [
	{
		displayName:
			"Checks this account's transfer list at the Poll Times above and starts the workflow once for each transfer to the account it has not seen before. Needs no public URL. The service's real clients see received transfers in that list; its spec lists only those an account made, and there this trigger finds none.",
		name: 'notice',
		type: 'notice',
		default: '',
	},
	{
		displayName: ACCOUNT_LABEL,
		name: 'account',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3001234567',
		description:
			'How the transfer list names this account (the to_user of a transfer it received): the mobile number it is registered with, or its username. Several, comma-separated, if the list uses more than one form.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Include Earlier Transfers',
				name: 'includeEarlier',
				type: 'boolean',
				default: false,
				description:
					'Whether the first check after activation starts the workflow for the transfers already listed (the newest 500, oldest first). Off: those count as seen and only later ones start it.',
			},
			{
				displayName: 'Include Transfers Sent',
				name: 'includeSent',
				type: 'boolean',
				default: false,
				description:
					'Whether transfers this account sent start the workflow too (their direction is "sent"). Off: they are noted as seen and start nothing.',
			},
		],
	},
];
