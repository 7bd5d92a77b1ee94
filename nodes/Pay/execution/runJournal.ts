/**
 * What one run of the Pay node carried out, told by the error it stops with. n8n drops a failed
 * node's output, so that error is the only place a person finds which payment links this run
 * created and which payouts went out before it stopped: enough to act on, never "nothing was sent"
 * unless nothing was.
 */
import type { IDataObject } from 'n8n-workflow';

import { outcomeOf } from '../../shared/transport';
import type { RequestSafety, ItemOutcome, PayRequest } from '../../shared/transport';
import { ItemWithFiles } from './itemOutput';
import type { ItemResult } from './itemOutput';

/** One request of the run once it settled: what it did, for which item, and what came of it. */
export interface NotedRequest {
	itemIndex: number;
	action: string;
	safety: RequestSafety;
	reference?: string;
	/**
	 * How it ended: `answered` (the service accepted it; `read`: a read answered), else its failure's
	 * outcome. Not an item's outcome: items leave with the table's outcomes, never these two.
	 */
	ended: 'answered' | 'read' | ItemOutcome;
}

/** Made empty by the router for each run (a plain object: nothing of this file runs before). */
export interface RunJournal {
	requests: NotedRequest[];
	/** The slug of each item's output that has one (the link created, updated, paid). */
	slugs: Map<number, string>;
}

/** Requests and items listed one by one in a stop's error; past it they are counted. */
export const LISTED_IN_A_STOP = 20;

/** Notes a request once it settled: answered, sent before, or failed with `error`. */
export function noteRequest(
	journal: RunJournal,
	itemIndex: number,
	request: PayRequest,
	ended?: { error: unknown } | { outcome: ItemOutcome },
): void {
	journal.requests.push({
		itemIndex,
		action: request.action,
		safety: request.safety,
		reference: request.reference,
		ended: !ended
			? request.safety === 'read'
				? 'read'
				: 'answered'
			: 'error' in ended
				? outcomeOf(ended.error)
				: ended.outcome,
	});
}

/** Notes the slug an item's output names, so a stop can list the links this run made. */
export function noteOutput(journal: RunJournal, itemIndex: number, output: ItemResult): void {
	const first: IDataObject | undefined = Array.isArray(output)
		? undefined
		: output instanceof ItemWithFiles
			? output.json
			: output;
	if (typeof first?.slug === 'string' && first.slug !== '')
		journal.slugs.set(itemIndex, first.slug);
}

/** What did not reach the service in this run: the rest did (answered, or it may have acted). */
const STAYED_HERE: ReadonlySet<NotedRequest['ended']> = new Set(['not_sent', 'already_sent']);

const OUTCOME_WORDS: Record<NotedRequest['ended'], string> = {
	answered: 'done',
	read: 'answered (a read: nothing changed)',
	refused: 'refused by the service',
	failed: 'failed',
	unknown: 'outcome unknown (the service may have carried it out: check before sending again)',
	sent: 'sent (its answer was lost; the service shows it went through)',
	already_created: 'already created earlier (nothing new created)',
	already_sent: 'already sent by an earlier execution (not sent again)',
	not_sent: 'not sent',
};

/** "3 done, 1 refused by the service": the outcomes of `requests`, most frequent first. */
function outcomeCounts(requests: NotedRequest[]): string {
	const counts = new Map<NotedRequest['ended'], number>();
	for (const { ended } of requests) counts.set(ended, (counts.get(ended) ?? 0) + 1);
	return [...counts]
		.sort((a, b) => b[1] - a[1])
		.map(([ended, count]) => `${count} ${OUTCOME_WORDS[ended]}`)
		.join(', ');
}

/** A request that changed something, or could have: item, action, Reference, slug, outcome. */
function carriedOutLine(journal: RunJournal, request: NotedRequest): string {
	const slug = journal.slugs.get(request.itemIndex);
	const named = [
		request.reference === undefined ? '' : `Reference ${request.reference}`,
		slug === undefined || request.ended !== 'answered' ? '' : `slug ${slug}`,
	].filter((part) => part !== '');
	const naming = named.length > 0 ? ` (${named.join(', ')})` : '';
	const outcome =
		request.ended === 'answered' && request.safety === 'idempotent'
			? 'created'
			: OUTCOME_WORDS[request.ended];
	return `item ${request.itemIndex}: ${request.action}${naming}: ${outcome}`;
}

/**
 * What the run carried out before it stopped, in a few sentences; undefined when nothing of it
 * reached the service. Reads are counted, everything else is listed (past LISTED_IN_A_STOP,
 * counted by outcome).
 */
export function whatTheRunDid(journal: RunJournal): string | undefined {
	const wentOut = journal.requests.filter(({ ended }) => !STAYED_HERE.has(ended));
	if (wentOut.length === 0) return undefined;
	const plural = wentOut.length === 1 ? 'request' : 'requests';
	const sentences = [
		`Before stopping, this run sent ${wentOut.length} ${plural} to the service: ${outcomeCounts(wentOut)}.`,
	];
	const changes = journal.requests.filter(({ safety }) => safety !== 'read');
	if (changes.length > 0) {
		const listed = changes
			.slice(0, LISTED_IN_A_STOP)
			.map((request) => carriedOutLine(journal, request));
		const rest = changes.slice(LISTED_IN_A_STOP);
		const more = rest.length > 0 ? `; and ${rest.length} more: ${outcomeCounts(rest)}` : '';
		sentences.push(`What it carried out: ${listed.join('; ')}${more}.`);
	}
	sentences.push('Nothing else was sent.');
	return sentences.join(' ');
}

/** The sentence every bad input's error carries (helpers/inputError.ts), true of the item only. */
const NOTHING_SENT = 'Nothing was sent to the service.';

/**
 * The error the run stops with, told what the run carried out before it: its description keeps
 * what it said (what the node was doing, then the service's words) and gains the run's account.
 * "Nothing was sent to the service" then speaks of the item alone.
 */
export function withWhatTheRunDid(error: unknown, journal: RunJournal): unknown {
	const account = whatTheRunDid(journal);
	if (account === undefined || typeof error !== 'object' || error === null) return error;
	const failure = error as { description?: string | null };
	const said = (failure.description ?? '').replace(NOTHING_SENT, 'Nothing was sent for this item.');
	failure.description = said === '' ? account : `${said}\n\n${account}`;
	return error;
}
