/**
 * The fields of an operation that sends a callback URL, as its waiting twin shows them: without
 * Callback URL and Options → Add Callback Secret, which the waiting operation sets itself.
 */
import type { INodeProperties } from 'n8n-workflow';

export function withoutCallbackFields(properties: INodeProperties[]): INodeProperties[] {
	return properties
		.filter((property) => property.name !== 'callbackUrl')
		.map((property) =>
			property.name === 'options' && property.options
				? {
						...property,
						options: property.options.filter((option) => option.name !== 'addCallbackSecret'),
					}
				: property,
		);
}
