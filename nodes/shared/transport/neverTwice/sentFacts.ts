/**
 * What the service answered a send, kept beside its Reference's "sent" mark, so that a later
 * execution that meets the mark can say what the first send made (a withdrawal's id and state)
 * rather than only that there was one. The operation names the few fields of its answer worth
 * keeping (`PayRequest.keep`); a record written without them (by an older version of the package,
 * or a kept write that failed) still reads as sent, its facts unknown.
 *
 * n8n's deduplication store only answers "is this exact key recorded?", so the facts are kept as
 * one key per character of their text (a position and a character), and found again by asking for
 * every candidate of every position in one call, as claim times are (claimTime.ts). They live in
 * the workflow's list, beside the claim times: finding them records candidates and takes them
 * back, which must never touch (or push out) the node's records that stop a second send.
 */
import type { IDataObject } from 'n8n-workflow';

import { WORKFLOW_ENTRIES_KEPT } from './claimTime';
import { inTurn, recordList } from './recordList';
import type { DeduplicationHelpers } from './recordList';

/**
 * The longest text of facts kept: a withdrawal's id and state take a few characters. Longer facts
 * are not kept (the repeat says they are unknown) rather than grow every record.
 */
export const MAX_FACT_CHARACTERS = 24;

/**
 * Every character a fact's text can hold: what encodeURIComponent leaves, its `%`, the separator
 * `,` and a number's `+` (1e+21).
 */
const ALPHABET = [
	...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
	...`-_.!~*'()%,+`,
];

/** Marks a fact that is text, not a number (a number's text never starts with it). */
const TEXT = "'";

export interface SentFactsRecord {
	/** Keeps the answer's `fields` (numbers and text only); nothing when they do not fit. */
	keep(answer: unknown, fields: readonly string[]): Promise<void>;
	/** The facts kept for the reference, by the same `fields`; undefined when none are known. */
	find(fields: readonly string[]): Promise<IDataObject | undefined>;
}

/** Where facts are kept: a list of n8n's deduplication store, and how many entries it keeps. */
export interface FactsList {
	name: string;
	scope: 'node' | 'workflow';
	kept: number;
}

/**
 * The workflow's list, beside the claim times (claimTime.ts): one row in n8n's database, so its
 * writes take turns.
 */
export const workflowFactsList = (context: { getWorkflow(): { id?: string } }): FactsList => ({
	name: `${context.getWorkflow().id ?? ''}\u0000workflow`,
	scope: 'workflow',
	kept: WORKFLOW_ENTRIES_KEPT,
});

export function sentFactsFor(
	context: { helpers: DeduplicationHelpers; getWorkflow(): { id?: string } },
	reference: string,
	where: FactsList = workflowFactsList(context),
): SentFactsRecord {
	const { helpers } = context;
	const { name: list, scope, kept } = where;
	const key = (position: number, character: string) =>
		`pay-sent-fact:${reference}:${position}:${character}`;
	return {
		async keep(answer, fields) {
			const text = factsText(answer, fields);
			if (text === undefined) return;
			const keys = [...text].map((character, position) => key(position, character));
			await recordList(helpers, list, scope, kept).recordNew(keys);
		},
		async find(fields) {
			const candidates: Array<[number, string]> = [];
			for (let position = 0; position < MAX_FACT_CHARACTERS; position++)
				for (const character of ALPHABET) candidates.push([position, character]);
			const recorded = await inTurn(list, async () => {
				const keys = candidates.map(([position, character]) => key(position, character));
				const options = { mode: 'entries', maxEntries: kept + keys.length } as const;
				const fresh = (await helpers.checkProcessedAndRecord(keys, scope, options)).new;
				// Asking recorded the candidates that were not there: they are taken back.
				if (fresh.length > 0) await helpers.removeProcessed(fresh, scope, options);
				const absent = new Set(fresh.map(String));
				return candidates.filter((_, index) => !absent.has(keys[index]));
			});
			const text = textOf(recorded);
			return text === undefined ? undefined : factsOf(text, fields);
		},
	};
}

/** The facts as one text: each field's value in order, `,` between; undefined if nothing fits. */
export function factsText(answer: unknown, fields: readonly string[]): string | undefined {
	if (typeof answer !== 'object' || answer === null) return undefined;
	const values = fields.map((field) => {
		const value = (answer as IDataObject)[field];
		if (typeof value === 'number' && Number.isFinite(value)) return String(value);
		if (typeof value === 'string') return `${TEXT}${encodeURIComponent(value)}`;
		return '';
	});
	const text = values.join(',');
	if (values.every((value) => value === '') || text.length > MAX_FACT_CHARACTERS) return undefined;
	return text;
}

/** The facts read back from their text, by field; a value that does not read is left out. */
export function factsOf(text: string, fields: readonly string[]): IDataObject | undefined {
	const facts: IDataObject = {};
	text.split(',').forEach((value, index) => {
		const field = fields[index];
		if (field === undefined || value === '') return;
		if (value.startsWith(TEXT)) {
			try {
				facts[field] = decodeURIComponent(value.slice(TEXT.length));
			} catch {
				// Not text this package wrote: left out rather than guessed.
			}
			return;
		}
		const number = Number(value);
		if (Number.isFinite(number)) facts[field] = number;
	});
	return Object.keys(facts).length > 0 ? facts : undefined;
}

/**
 * The text the recorded characters spell: one per position from the first, none after the end.
 * Two at one position (facts kept twice, for two sends of a reference whose record n8n dropped in
 * between), or a gap, and the facts are not known.
 */
function textOf(recorded: Array<[number, string]>): string | undefined {
	const byPosition = new Map<number, string[]>();
	for (const [position, character] of recorded)
		byPosition.set(position, [...(byPosition.get(position) ?? []), character]);
	const characters: string[] = [];
	for (let position = 0; position < byPosition.size; position++) {
		const found = byPosition.get(position);
		if (found?.length !== 1) return undefined;
		characters.push(found[0]);
	}
	return characters.length > 0 ? characters.join('') : undefined;
}
