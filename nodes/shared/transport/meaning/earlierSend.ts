/**
 * What an item says when its Reference was sent before: "already sent" is no failure (the money
 * went out once, as asked), so it is returned and leaves as an ordinary item; "unknown" is, because
 * someone must check before anything else is done.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';

import { setErrorFacts } from '../terms/errorFacts';
import { capitalise } from '../../text';
import type { SentBefore } from '../terms/outcomes';
import type { Finding } from '../terms/serviceCheck';

/** What the service showed of a send whose answer was lost. */
export type ServiceShown = Extract<Finding, { shown: true }>;

/** What else is known of the earlier send, when anything is. */
export interface EarlierSendFacts {
	/** What the service showed of it. */
	shown?: ServiceShown;
	/**
	 * What its answer said, as kept with its mark (sentFacts.ts): `{}` when nothing was kept (a
	 * record of an older version), undefined when the request keeps nothing.
	 */
	earlier?: IDataObject;
	/** What the first send was, known without a record (PayRequest.firstSendWas). */
	firstSendWas?: IDataObject;
}

/** Sent by an earlier execution under this Reference: not sent again. */
export function alreadySent(
	action: string,
	reference: string,
	facts: EarlierSendFacts = {},
): SentBefore {
	const message = `${capitalise(action)} was already sent earlier with the reference ${reference}: it was not sent again`;
	return outputOf('already_sent', message, reference, facts);
}

/** The answer was lost in this execution, but the service shows the send went through. */
export function sentAsServiceShows(
	action: string,
	reference: string,
	shown: ServiceShown,
): SentBefore {
	const message = `${capitalise(action)} was carried out: its answer was lost`;
	return outputOf('sent', message, reference, { shown });
}

function outputOf(
	outcome: SentBefore['outcome'],
	message: string,
	reference: string,
	facts: EarlierSendFacts,
): SentBefore {
	const { shown, earlier, firstSendWas } = facts;
	const output: IDataObject = {
		outcome,
		reference,
		message: shown ? `${message} (the service shows it: ${shown.resolvedBy})` : message,
		hint: 'To send it again on purpose, give this item a new Reference.',
	};
	if (shown) {
		output.resolved_by = shown.resolvedBy;
		output[shown.field] = shown.record;
	}
	if (earlier) withEarlierAnswer(output, earlier);
	for (const [field, value] of Object.entries(firstSendWas ?? {})) output[field] ??= value;
	return { outcome, output };
}

/** The item as its first send's answer had it (its id, its state), or saying that is not known. */
function withEarlierAnswer(output: IDataObject, earlier: IDataObject): void {
	const recorded = Object.keys(earlier).length > 0;
	for (const [field, value] of Object.entries(earlier)) output[field] ??= value;
	output.earlier_answer = recorded ? 'recorded' : 'not_recorded';
	if (!recorded)
		output.message = `${String(output.message)}. What the service answered then is not recorded (its answer held none of it, it was sent by an older version of the node, or its record was lost): look in the execution that sent it`;
}

/** An earlier execution recorded the reference but never learnt whether the service took it. */
export function earlierOutcomeUnknown(
	node: INode,
	itemIndex: number | undefined,
	action: string,
	reference: string,
	howToCheck: string | undefined,
	asked?: string,
): NodeOperationError {
	const error = new NodeOperationError(
		node,
		`Outcome unknown: ${action} was started earlier with the reference ${reference}, and no answer is recorded (it may still be under way elsewhere, or its answer was lost); it was not sent again`,
		{
			itemIndex,
			description: `${asked ? `${asked}. ` : ''}${howToCheck ?? 'Check in the service.'} If it did not go out, give this item a new Reference to send it.`,
		},
	);
	setErrorFacts(error, { outcome: 'unknown' });
	error.context.reference = reference;
	return error;
}
