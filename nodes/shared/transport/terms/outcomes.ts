/**
 * What an item says happened: the one vocabulary a user sees. It stands below the failure table
 * (failureMeaning.ts), which gives a failure its outcome, and below the facts an error carries
 * (errorFacts.ts), so that the table and the errors need not import each other for it.
 */
import type { IDataObject } from 'n8n-workflow';

/**
 * Every outcome the node gives an item (`outcome`, what a Continue On Fail branch reads), and what
 * follows from it. `item`: a failed item (an error) or an ordinary output item. `reference`: the
 * Reference's record, released (free to send again) only when nothing can have happened.
 * `mayHaveActed`: the service may have carried it out. `movedNothing`: an AI agent's call gives
 * its place in the call count back.
 */
export const OUTCOMES = {
	not_sent: {
		means: 'never reached the service, or the input was refused before sending',
		...row('error', 'released', { mayHaveActed: false, movedNothing: true }),
	},
	refused: {
		means: 'the service answered and refused: nothing happened',
		...row('error', 'released', { mayHaveActed: false, movedNothing: true }),
	},
	failed: {
		means: 'a read or an estimate failed: nothing changed',
		...row('error', 'released', { mayHaveActed: false, movedNothing: false }),
	},
	unknown: {
		means: 'the service may have acted (answer lost, server error): check before sending again',
		...row('error', 'kept', { mayHaveActed: true, movedNothing: false }),
	},
	already_sent: {
		means: 'an earlier execution sent it (its record, or the service holds its key): not resent',
		...row('output', 'marked_sent', { mayHaveActed: false, movedNothing: true }),
	},
	sent: {
		means: 'this execution sent it; its answer was lost and the service shows it went through',
		...row('output', 'marked_sent', { mayHaveActed: true, movedNothing: false }),
	},
	already_created: {
		means: 'Payment → Create: the service holds its idempotency key, the object exists already',
		...row('output', 'marked_sent', { mayHaveActed: false, movedNothing: true }),
	},
} as const;

function row<
	Item extends 'error' | 'output',
	Reference extends 'released' | 'kept' | 'marked_sent',
>(item: Item, reference: Reference, flags: { mayHaveActed: boolean; movedNothing: boolean }) {
	return { item, reference, ...flags };
}

/** What an item says happened. */
export type ItemOutcome = keyof typeof OUTCOMES;
/** The outcomes a failed item (an error) carries; the others leave as ordinary items. */
export type FailureOutcome = {
	[Outcome in ItemOutcome]: (typeof OUTCOMES)[Outcome]['item'] extends 'error' ? Outcome : never;
}[ItemOutcome];

export const movedNothing = (outcome: ItemOutcome): boolean => OUTCOMES[outcome].movedNothing;
export const mayHaveActed = (outcome: ItemOutcome): boolean => OUTCOMES[outcome].mayHaveActed;

/**
 * A request that is not sent because it went out before: by an earlier execution (its Reference's
 * record says so, or the service shows it), or by this one, its answer lost and the service showing
 * it went through. No failure: the transport returns it, and the item leaves as its `output` (made
 * by meaning/earlierSend.ts).
 */
export interface SentBefore {
	/** `already_sent`: an earlier execution sent it; `sent`: this one did, its answer lost. */
	outcome: Extract<ItemOutcome, 'already_sent' | 'sent'>;
	/** The item the next node receives: what happened, and how to send again on purpose. */
	output: IDataObject;
}
