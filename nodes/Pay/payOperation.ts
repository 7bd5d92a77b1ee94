/**
 * An operation's descriptor: what the Pay node, its pipeline and the Pay Tool read of every
 * operation (its fields, whether and how it moves money, how many items run at once, whether an
 * agent may call it, whether it waits). It stands below `actions/` and `tool/`,
 * which all read it, so none of them imports another for it.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { ItemResult } from './execution/itemOutput';
import type { NodeRun, OperationEnvironment } from './execution/operationEnvironment';
import type { WaitKind } from './waiting/waitKind';

/** One operation, in its own file: its fields and what it does for one item. */
export interface PayOperation {
	/** The value stored in workflows; never change it once released. */
	value: string;
	/** The name shown in the operation list. */
	name: string;
	/** The sentence shown under the name, and the action shown in the nodes panel. */
	description: string;
	action: string;
	/**
	 * How it moves money, when it does (checkout, OTP confirmation, transfer, withdrawal, card
	 * charge): it then gets the Reference field, which it must read and send with its money-moving
	 * request, and the Pay Tool gates it (its settings, the amount and recipient checks).
	 */
	money?: MoneyMovement;
	/**
	 * The name its derived References (or derived idempotency keys) are made from
	 * (execution/derivedReference.ts), a constant of its file that `execute` passes too. Never change
	 * it once released: every derived Reference would change with it, and a Retry after the upgrade
	 * would send the payment again (test/nodes/Pay/actions/referenceIdentities.test.ts pins them).
	 * Every operation with `money` has one.
	 */
	referenceIdentity?: string;
	/**
	 * Set when it sends only reads or idempotency-keyed creations, nothing that could happen twice:
	 * Items at Once then defaults to several at a time (actions/requestOptions.ts) instead of one.
	 */
	safeToRunTogether?: true;
	/** Set when an AI agent may not call it: the Pay Tool refuses it, saying why (`refused`). */
	toolUse?: { refused: string };
	/**
	 * What the execution then waits for (its wait kind, waiting/waitKind.ts: `paymentWait`,
	 * `withdrawalWait`): each item's output names, in the kind's `idField`, what it waits for.
	 */
	waits?: WaitKind;
	/**
	 * For an operation that decides after its items whether the execution waits (Get Links Waited
	 * For): its output, having put the execution to wait or not. Without it, an operation that
	 * `waits` always waits, until its Wait Limit.
	 */
	thenWait?(
		this: IExecuteFunctions,
		run: NodeRun,
		items: INodeExecutionData[],
	): Promise<INodeExecutionData[][]>;
	/**
	 * Checks the settings every item of the run shares (read for the first item), before anything
	 * is sent: an unusable value is refused naming its field (an input error), never replaced by a
	 * default. The router calls it once per run, with the Request Options and the Wait Limit.
	 */
	checkSettings?(this: IExecuteFunctions, node: INode): void;
	/**
	 * What Simplify (from version 2) keeps of one output item: the operation then gets the Simplify
	 * field. Without it the output is always whole.
	 */
	simplify?(output: IDataObject): IDataObject;
	/** Fields of this operation; the router shows them only for this resource and operation. */
	properties: INodeProperties[];
	execute(
		this: IExecuteFunctions,
		itemIndex: number,
		env: OperationEnvironment,
	): Promise<ItemResult>;
}

/** A field that decides where money goes (a recipient, a key, the payment link paid). */
export interface GuardedField {
	/** The parameter's name, as stored in workflows. */
	name: string;
	/** The field's name as the editor shows it. */
	label: string;
}

/** What the Pay Tool checks of a money-moving operation before an agent's call may send it. */
export interface MoneyMovement {
	/**
	 * `field`: the amount is a field of the node. `paymentObject`: the amount is the payment link's,
	 * read from the service before sending (an agent may create a link of any amount, then pay it).
	 */
	amountFrom: { field: GuardedField } | { paymentObject: GuardedField };
	/** The first one is the destination that the allow-list is checked against. */
	recipientFields: GuardedField[];
	/** How the "Let the Agent Choose …" switch names the recipient fields. */
	recipientNoun: string;
	/** Examples of the first recipient field's values, for the allow-list's placeholder. */
	recipientExamples: string;
}

export type { OperationEnvironment };
