/**
 * The durable side of "never twice": a money-moving request's reference is written to n8n's own
 * database (the execute context's deduplication helpers, one record list per node) before the
 * request leaves, and a "sent" mark after the service accepted it. A later execution — n8n's Retry
 * of a failed one, a re-run, another worker — finds the reference and does not send again.
 *
 * n8n's helpers read the node's whole list, then write it back: two calls at once in one process
 * would lose one record, so this process runs them one after another per node. Across processes
 * nothing can order them (README, "Safety with money").
 */
import { sleep } from 'n8n-workflow';
import type { IExecuteFunctions, INode } from 'n8n-workflow';

/** References kept per node: n8n drops the oldest beyond this (each payment keeps two entries). */
export const MAX_RECORDED_ENTRIES = 10_000;

const OPTIONS = { mode: 'entries', maxEntries: MAX_RECORDED_ENTRIES } as const;

/** What an earlier execution left for a reference. */
export type EarlierSend =
	/** Nothing: this send is the first, and is now recorded. */
	| 'none'
	/** Sent, and the service accepted it. */
	| 'sent'
	/** Recorded before sending, but no answer was recorded: it may or may not have gone out. */
	| 'unknown';

type DeduplicationHelpers = Pick<
	IExecuteFunctions['helpers'],
	'checkProcessedAndRecord' | 'removeProcessed'
>;

export interface SentRecord {
	/** Records the reference unless it is recorded already; says what an earlier send left. */
	claim(): Promise<EarlierSend>;
	/** After the service accepted: a later execution will say "already sent" rather than "unknown". */
	markSent(): Promise<void>;
	/** After the service refused or nothing left: the reference may be sent again. */
	release(): Promise<void>;
}

export function sentRecordFor(
	context: { helpers: DeduplicationHelpers; getWorkflow(): { id?: string } },
	node: INode,
	reference: string,
): SentRecord {
	const { helpers } = context;
	const claimKey = `pay-reference:${reference}`;
	const sentKey = `pay-reference-sent:${reference}`;
	const queue = `${context.getWorkflow().id ?? ''}\u0000${node.id ?? node.name}`;
	const isNew = async (key: string) =>
		(await helpers.checkProcessedAndRecord([key], 'node', OPTIONS)).new.length === 1;
	return {
		claim: async () =>
			await inTurn(queue, async () => {
				if (await onceMore(async () => await isNew(claimKey))) return 'none';
				if (!(await isNew(sentKey))) return 'sent';
				// Asking recorded the mark: take it back, nothing was learnt of that send.
				await helpers.removeProcessed([sentKey], 'node', OPTIONS);
				return 'unknown';
			}),
		markSent: async () => {
			await inTurn(queue, async () => {
				await isNew(sentKey);
			});
		},
		release: async () =>
			await inTurn(queue, async () => {
				await helpers.removeProcessed([claimKey, sentKey], 'node', OPTIONS);
			}),
	};
}

/**
 * A node's first record makes n8n insert its row: two workers doing so at the same instant, the
 * database refuses the second. Asked again, the row is there and is updated; a failed write
 * recorded nothing, so asking again cannot hide an earlier send.
 */
async function onceMore<T>(ask: () => Promise<T>): Promise<T> {
	return await ask().catch(async () => {
		await sleep(RETRY_AFTER_MS);
		return await ask();
	});
}

const RETRY_AFTER_MS = 100;

/** Calls waiting per node's record list; a list's entry leaves when its last call is done. */
const turns = new Map<string, Promise<unknown>>();

async function inTurn<T>(queue: string, task: () => Promise<T>): Promise<T> {
	const before = turns.get(queue) ?? Promise.resolve();
	const mine = before.then(task, task);
	const settled = mine.then(
		() => undefined,
		() => undefined,
	);
	turns.set(queue, settled);
	try {
		return await mine;
	} finally {
		if (turns.get(queue) === settled) turns.delete(queue);
	}
}

/** How many record lists have calls waiting; lets tests check that nothing is held after a run. */
export function recordQueuesInUse(): number {
	return turns.size;
}
