/**
 * The fields of an operation that sends a callback URL, as its waiting twin shows them: without
 * Callback URL (the waiting operation sets it: the node's own URL with the wait's token) and
 * Options → Add Callback Secret (no secret rides in it).
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
