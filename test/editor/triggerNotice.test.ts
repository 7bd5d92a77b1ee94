/**
 * The Pay Trigger's notice names the Pay node's operations that take a Callback URL, as the editor
 * names them.
 */
import type { INodeProperties } from 'n8n-workflow';

import { resources } from '../../nodes/Pay/actions/registry';
import { PayTrigger } from '../../nodes/PayTrigger/PayTrigger.node';

const takesCallbackUrl = (properties: INodeProperties[]): boolean =>
	properties.some(
		(property) =>
			property.name === 'callbackUrl' ||
			takesCallbackUrl(
				(property.type === 'collection' ? property.options : []) as INodeProperties[],
			),
	);

it('names every operation with a Callback URL, "Resource → Operation" as the editor shows them', () => {
	const notice =
		new PayTrigger().description.properties.find((property) => property.type === 'notice')
			?.displayName ?? '';
	// "Payment → Create / Update or Withdrawal → Withdraw to Instant-Payment Key", built from the Pay
	// node itself.
	const named = resources
		.map((resource) => ({
			resource: resource.name,
			operations: resource.operations
				.filter((operation) => takesCallbackUrl(operation.properties))
				.map((operation) => operation.name),
		}))
		.filter((entry) => entry.operations.length > 0)
		.map((entry) => `${entry.resource} → ${entry.operations.join(' / ')}`);
	expect(named).toEqual([
		'Payment → Create / Update',
		'Withdrawal → Withdraw to Instant-Payment Key',
	]);
	expect(notice).toContain(`Callback URL of the Pay node's ${named.join(' or ')}.`);
});
