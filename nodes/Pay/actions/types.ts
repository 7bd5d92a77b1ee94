import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ItemResult } from '../execution/runItems';
import type { OperationEnvironment } from '../execution/operationEnvironment';
import type { WaitKind } from '../waiting/waitRecord';

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
	 * Whether it moves money (checkout, OTP confirmation, transfer, withdrawal, card charge): it then
	 * gets the Reference field, which it must read and send with its money-moving request.
	 */
	movesMoney?: boolean;
	/**
	 * Whether the execution then waits for the service's callbacks (nodes/Pay/waiting): each item's
	 * output carries the slug (`payment`) or the withdrawal id (`withdrawal`) it waits for.
	 */
	waits?: WaitKind;
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

export interface PayResource {
	value: string;
	name: string;
	description?: string;
	operations: PayOperation[];
	/** The operation chosen when the resource is picked. */
	defaultOperation: string;
}

export type { OperationEnvironment };
