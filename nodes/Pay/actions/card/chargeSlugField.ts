import type { INodeProperties } from 'n8n-workflow';

/**
 * The slug goes in one request under both names by default: real clients send `pay_url`, the spec's
 * reading `url`, and a service ignores a field it does not know. Trying one name and then the other
 * after a refusal would send a charge twice, which a refusal does not prove harmless.
 */
export const slugFieldProperty: INodeProperties = {
	displayName: 'Slug Sent As',
	name: 'slugField',
	type: 'options',
	options: [
		{ name: 'Both: pay_url and url', value: 'both', description: 'One request carrying the slug under each name; works with either' },
		{ name: 'pay_url Only (Real Clients)', value: 'pay_url', description: 'What the service\'s real clients send' },
		{ name: 'url Only (Earlier Versions)', value: 'url', description: 'What this node sent before, reading the spec' },
	],
	default: 'both',
	description: "The field name the payment object's slug is sent under. Change it only if the service refuses a field it does not know.",
};

export function slugFieldsOf(choice: unknown): string[] {
	if (choice === 'pay_url' || choice === 'url') return [choice];
	return ['pay_url', 'url'];
}
