/**
 * n8n's deduplication store, in memory, for workflows run in this process: what n8n's server
 * registers with n8n-core's DataDeduplicationService backed by its database (`processed_data`),
 * modelled on it: one list of md5 digests per workflow and context (`n:<node id>` for scope
 * "node"), the oldest dropped beyond `maxEntries`, and a read, then a later write of the whole
 * list, with no lock between them, as n8n's does.
 */
import { createHash } from 'crypto';
import { DataDeduplicationService } from 'n8n-core';
import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
	IDeduplicationOutput,
} from 'n8n-workflow';

const lists = new Map<string, string[]>();

function listKey(scope: DeduplicationScope, context: ICheckProcessedContextData): string {
	if (!context.workflow.id) throw new Error('Workflow ID is required');
	const where = scope === 'node' ? `n:${context.node?.id}` : '';
	return `${context.workflow.id}\u0000${where}`;
}

const digest = (item: DeduplicationItemTypes) =>
	createHash('md5').update(String(item)).digest('base64');

/** The database round trip: the list is read now and written after other callers had their turn. */
const roundTrip = async () => await new Promise((resolve) => setImmediate(resolve));

let refusals = 0;

/**
 * The next `count` records fail as n8n's database fails them when two workers insert a node's
 * first row at the same instant (a unique-constraint violation).
 */
export function refuseNextRecords(count: number): void {
	refusals = count;
}

export const memoryDeduplicator: IDataDeduplicator = {
	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		if (refusals > 0) {
			refusals--;
			throw new Error(
				'duplicate key value violates unique constraint "PK_processed_data_workflowId_context"',
			);
		}
		const key = listKey(scope, context);
		const stored = [...(lists.get(key) ?? [])];
		await roundTrip();
		const output: IDeduplicationOutput = { new: [], processed: [] };
		for (const item of items) {
			const hashed = digest(item);
			if (stored.includes(hashed)) output.processed.push(item);
			else {
				output.new.push(item);
				stored.push(hashed);
			}
		}
		if (options.maxEntries) stored.splice(0, stored.length - options.maxEntries);
		lists.set(key, stored);
		return output;
	},
	async removeProcessed(items, scope, context) {
		const key = listKey(scope, context);
		const stored = [...(lists.get(key) ?? [])];
		await roundTrip();
		for (const item of items) {
			const index = stored.indexOf(digest(item));
			if (index !== -1) stored.splice(index, 1);
		}
		lists.set(key, stored);
	},
	async clearAllProcessedItems(scope, context) {
		lists.delete(listKey(scope, context));
	},
	async getProcessedDataCount(scope, context) {
		return lists.get(listKey(scope, context))?.length ?? 0;
	},
};

/** How many entries n8n would hold for a workflow's node; lets tests look at the store. */
export function recordedEntryCount(workflowId: string, nodeId: string): number {
	return lists.get(`${workflowId}\u0000n:${nodeId}`)?.length ?? 0;
}

/**
 * Drops a workflow's own list (claim times, the facts of sends), its nodes' records kept: what a
 * record written by a version of the package that kept no facts looks like.
 */
export function dropWorkflowList(workflowId: string): void {
	lists.delete(`${workflowId}\u0000`);
}

let registered = false;

/** Registers the store once per test file, as n8n's server does at start-up. */
export async function registerMemoryDeduplicator(): Promise<void> {
	if (registered) return;
	registered = true;
	await DataDeduplicationService.init(memoryDeduplicator);
}
