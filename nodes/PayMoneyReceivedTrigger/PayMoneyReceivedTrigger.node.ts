import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { moneyReceivedProperties } from './fields';
import { pollTransfers } from './pollTransfers';

export class PayMoneyReceivedTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Pay Money Received Trigger',
		name: 'payMoneyReceivedTrigger',
		icon: { light: 'file:pay.svg', dark: 'file:pay.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Transfers to " + $parameter["account"]}}',
		description:
			'Starts the workflow when a balance transfer to this account shows in its transfer list (checked at set times; no public URL needed)',
		defaults: { name: 'Pay Money Received Trigger' },
		// n8n adds the Poll Times field and calls poll() at those times.
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'payApi', required: true }],
		properties: moneyReceivedProperties,
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollTransfers.call(this);
	}
}
