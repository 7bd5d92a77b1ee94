/**
 * What started this execution, as a digest: the items the workflow's start nodes gave (a
 * trigger's callback, a schedule's time, a sub-workflow's input). n8n's Retry of a failed execution
 * keeps those items, so the digest stays the same; the next trigger event gives other items, so it
 * changes.
 */
import { createHash } from 'crypto';
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

export function startNodesDigest(context: IExecuteFunctions, node: INode): string {
	const digest = createHash('sha256');
	const ancestors = context.getParentNodes(node.name);
	if (ancestors.length === 0) {
		// The node is where the execution starts: what it was given is what started it.
		digest.update(JSON.stringify(context.getInputData().map((item) => item.json)));
		return digest.digest('hex');
	}
	const proxy = context.getWorkflowDataProxy(0);
	for (const ancestor of ancestors) {
		if (context.getParentNodes(ancestor.name).length > 0) continue;
		const start = proxy.$(ancestor.name) as {
			isExecuted: boolean;
			all(): Array<{ json: IDataObject }>;
		};
		if (!start.isExecuted) continue;
		digest.update(ancestor.name).update('\u0000');
		digest.update(JSON.stringify(start.all().map((item) => item.json))).update('\u0000');
	}
	return digest.digest('hex');
}
