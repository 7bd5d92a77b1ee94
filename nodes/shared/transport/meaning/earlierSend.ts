/**
 * What an item says when an earlier execution already recorded its reference: "already sent" is
 * no failure (the money went out once, as asked), so it leaves as an ordinary item; "unknown" is,
 * because someone must check before anything else is done.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';

import { setErrorFacts } from '../terms/errorFacts';
import { capitalise } from '../../text';
import type { Finding } from '../terms/serviceCheck';

/** What the service showed of a send whose answer was lost. */
export type ServiceShown = Extract<Finding, { shown: true }>;

/** Thrown by the transport instead of sending; the Pay node turns it into an output item. */
export class AlreadySentError extends NodeOperationError {
	readonly reference: string;

	readonly shown?: ServiceShown;

	/**
	 * What the earlier send's answer said, as kept with its mark (sentFacts.ts): `{}` when nothing
	 * was kept (a record of an older version), undefined when the request keeps nothing.
	 */
	earlier?: IDataObject;

	/** What the first send was, known without a record (PayRequest.firstSendWas). */
	firstSendWas?: IDataObject;

	constructor(
		node: INode,
		itemIndex: number | undefined,
		action: string,
		reference: string,
		shown?: ServiceShown,
		message = `${capitalise(action)} was already sent earlier with the reference ${reference}: it was not sent again`,
	) {
		super(node, shown ? `${message} (the service shows it: ${shown.resolvedBy})` : message, {
			itemIndex,
		});
		this.reference = reference;
		this.shown = shown;
	}

	/** `already_sent`: an earlier execution sent it; `sent`: this one did, its answer lost. */
	get outcome(): 'already_sent' | 'sent' {
		return 'already_sent';
	}

	/** The item the next node receives: what happened, and how to send again on purpose. */
	toOutput(): IDataObject {
		const output: IDataObject = {
			outcome: this.outcome,
			reference: this.reference,
			message: this.message,
			hint: 'To send it again on purpose, give this item a new Reference.',
		};
		if (this.shown) {
			output.resolved_by = this.shown.resolvedBy;
			output[this.shown.field] = this.shown.record;
		}
		if (this.earlier) withEarlierAnswer(output, this.earlier);
		for (const [field, value] of Object.entries(this.firstSendWas ?? {})) output[field] ??= value;
		return output;
	}
}

/** The item as its first send's answer had it (its id, its state), or saying that is not known. */
function withEarlierAnswer(output: IDataObject, earlier: IDataObject): void {
	const recorded = Object.keys(earlier).length > 0;
	for (const [field, value] of Object.entries(earlier)) output[field] ??= value;
	output.earlier_answer = recorded ? 'recorded' : 'not_recorded';
	if (!recorded)
		output.message = `${String(output.message)}. What the service answered then is not recorded (its answer held none of it, it was sent by an older version of the node, or its record was lost): look in the execution that sent it`;
}

/**
 * The answer was lost in this execution, but the service shows the send went through: the item
 * leaves as sent, with what the service showed. Thrown by the transport like AlreadySentError.
 */
export class SentAsServiceShowsError extends AlreadySentError {
	constructor(
		node: INode,
		itemIndex: number | undefined,
		action: string,
		reference: string,
		shown: ServiceShown,
	) {
		super(
			node,
			itemIndex,
			action,
			reference,
			shown,
			`${capitalise(action)} was carried out: its answer was lost`,
		);
	}

	get outcome(): 'already_sent' | 'sent' {
		return 'sent';
	}
}

export function isAlreadySent(error: unknown): error is AlreadySentError {
	return error instanceof AlreadySentError;
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
