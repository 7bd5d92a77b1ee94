/**
 * What a waiting operation waits for, as data the waiting code looks up rather than branches on:
 * where the wait is recorded, which field of each item's output names what it waits for, the
 * field a workflow branches on, the states that end it, and how a callback resumes it. An operation
 * names its kind in its descriptor (`waits`); the package's two are paymentWait.ts and
 * withdrawalWait.ts.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import type { CallbackEvent, EventKind } from '../../shared/callback/callbackEvent';

/** What the waiting node's operation says of its callbacks and its output. */
export interface WaitingOperation {
	waits: WaitKind;
	/** What Simplify keeps of an output item, when the operation has Simplify (version 2). */
	simplify?(output: IDataObject): IDataObject;
}

export interface WaitKind {
	/**
	 * The custom-data key holding the ids waited for (waitRecord.ts). Waiting executions hold it:
	 * never change it once released, or they no longer know what they wait for.
	 */
	recordKey: string;
	/** The field of each item's output that names what it waits for (a link's `slug`). */
	idField: string;
	/** The field a workflow branches on (`payment_outcome`). */
	outcomeField: string;
	/**
	 * The service's states that end the wait, each with the outcome it gives: the table of
	 * waitOutcome.ts its `resume` (and, for links, readLink.ts and linkOutcome.ts) reads.
	 */
	finalOutcomes: Record<number, string>;
	/** The callbacks that belong to this wait (callbackEvent.ts): others are refused. */
	callbackKind: EventKind;
	/** Why a callback of another kind, or for an id not waited for, is refused. */
	notWaitedFor: string;
	/** Why nothing is waited for when no item's answer named an id. */
	noId: string;
	/**
	 * An item an earlier execution sent (`already_sent`, with what its send's answer kept): the item
	 * with its outcome when this execution cannot follow it, or as it is to wait for its id.
	 */
	sentEarlier?(json: IDataObject): IDataObject;
	/**
	 * The item with its outcome when what it waits for is final already (a link an earlier
	 * execution created, paid since); undefined while it is not.
	 */
	finalAlready?(json: IDataObject): IDataObject | undefined;
	/**
	 * A believed callback for one of `ids`, of this kind: the execution goes on with its items, or
	 * the callback is answered and the execution waits on.
	 */
	resume(
		context: IWebhookFunctions,
		event: CallbackEvent,
		ids: string[],
		credentials: ICredentialDataDecryptedObject,
		operation: WaitingOperation,
	): Promise<IWebhookResponseData> | IWebhookResponseData;
}
