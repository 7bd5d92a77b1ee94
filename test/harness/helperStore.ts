/**
 * n8n's deduplication helpers over an in-memory store of rows (one list per scope), for unit tests
 * of the record lists: `rows` shows what each list holds.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

type Helpers = Pick<IExecuteFunctions['helpers'], 'checkProcessedAndRecord' | 'removeProcessed'>;

export function helperStore() {
	const rows = new Map<string, string[]>();
	const helpers = {
		checkProcessedAndRecord: async (items, scope) => {
			const row = rows.get(scope) ?? [];
			const fresh = items.filter((item) => !row.includes(String(item)));
			rows.set(scope, [...row, ...fresh.map(String)]);
			return { new: fresh, processed: items.filter((item) => !fresh.includes(item)) };
		},
		removeProcessed: async (items, scope) => {
			const removed = new Set(items.map(String));
			rows.set(
				scope,
				(rows.get(scope) ?? []).filter((key) => !removed.has(key)),
			);
		},
	} as Helpers;
	return { rows, context: { helpers, getWorkflow: () => ({ id: 'wf' }) } };
}
