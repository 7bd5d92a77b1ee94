/**
 * A resource locator field as n8n hands it to the node, and what n8n's editor says of a value in
 * it.
 */
import { NodeHelpers } from 'n8n-workflow';
import type { INode, INodeProperties, INodeTypeDescription } from 'n8n-workflow';

export const locator = (mode: string, value: unknown) => ({
	__rl: true as const,
	mode,
	value: value as string,
});

/** The editor's issues with a typed value in this field, as the node's panel shows them. */
export function editorIssues(
	node: INode,
	property: INodeProperties,
	mode: string,
	value: string,
): string[] {
	const issues = NodeHelpers.getNodeParametersIssues(
		[property],
		{ ...node, parameters: { [property.name]: locator(mode, value) } },
		{ properties: [property] } as unknown as INodeTypeDescription,
	);
	return (issues?.parameters?.[property.name] as string[] | undefined) ?? [];
}
