/**
 * What an item says when an earlier execution already recorded its reference: "already sent" is
 * no failure (the money went out once, as asked), so it leaves as an ordinary item; "unknown" is,
 * because someone must check before anything else is done.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';

import { setErrorFacts } from '../errorFacts';
import { capitalise } from '../text';

/** Thrown by the transport instead of sending; the Pay node turns it into an output item. */
export class AlreadySentError extends NodeOperationError {
	readonly reference: string;

	constructor(node: INode, itemIndex: number | undefined, action: string, reference: string) {
		super(
			node,
			`${capitalise(action)} was already sent earlier with the reference ${reference}: it was not sent again`,
			{ itemIndex },
		);
		this.reference = reference;
	}

	/** The item the next node receives: what happened, and how to send again on purpose. */
	toOutput(): IDataObject {
		return {
			outcome: 'already_sent',
			reference: this.reference,
			message: this.message,
			hint: 'To send it again on purpose, give this item a new Reference.',
		};
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
): NodeOperationError {
	const error = new NodeOperationError(
		node,
		`Outcome unknown: ${action} was started earlier with the reference ${reference}, and no answer is recorded (it may still be under way elsewhere, or its answer was lost); it was not sent again`,
		{
			itemIndex,
			description: `${howToCheck ?? 'Check in the service.'} If it did not go out, give this item a new Reference to send it.`,
		},
	);
	setErrorFacts(error, { outcome: 'unknown' });
	error.context.reference = reference;
	return error;
}
