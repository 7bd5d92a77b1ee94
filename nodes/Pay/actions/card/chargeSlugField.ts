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
		{
			name: 'Both Names',
			value: 'both',
			description:
				'Sends the slug as "pay_url" and under the spec\'s name in one request: works with either reading',
		},
		{
			name: 'Pay URL Name Only (Real Clients)',
			value: 'pay_url',
			description: 'Sends "pay_url", as the service\'s real clients do',
		},
		{
			name: 'URL Name Only (Spec)',
			value: 'url',
			description: "Sends the slug under the spec's name (the lowercase URL field) only",
		},
	],
	default: 'both',
	description:
		"The field name the payment object's slug is sent under. Change it only if the service refuses a field it does not know.",
};

export function slugFieldsOf(choice: unknown): string[] {
	if (choice === 'pay_url' || choice === 'url') return [choice];
	return ['pay_url', 'url'];
}
