import type { ICredentialDataDecryptedObject, IDataObject, IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

import type { ItemResult } from '../execution/runItems';
import type { PayRequest, TransportSettings } from '../transport/request';

/** What every operation gets besides its item: the request function and a per-execution cache. */
export interface OperationEnvironment {
	/** Sends a request with the node's transport settings (timeout, retries). */
	request(request: PayRequest): Promise<unknown>;
	settings: TransportSettings;
	/**
	 * Values shared by the items of this execution only (the service's public key, for one). It is
	 * created for each run of the node and dropped with it.
	 */
	executionCache: Map<string, Promise<unknown>>;
	/** Which run of the node this is in the execution (a node in a loop runs several times). */
	runIndex: number;
	/** The node as placed in the workflow, read once: n8n's getNode() copies it, parameters and all, on every call. */
	node: INode;
	/** The Pay API credential, read once per execution. */
	credentials(itemIndex: number): Promise<ICredentialDataDecryptedObject>;
}

/** One operation, in its own file: its fields and what it does for one item. */
export interface PayOperation {
	/** The value stored in workflows; never change it once released. */
	value: string;
	/** The name shown in the operation list. */
	name: string;
	/** The sentence shown under the name, and the action shown in the nodes panel. */
	description: string;
	action: string;
	/** Fields of this operation; the router shows them only for this resource and operation. */
	properties: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment): Promise<ItemResult>;
}

export interface PayResource {
	value: string;
	name: string;
	description?: string;
	operations: PayOperation[];
	/** The operation chosen when the resource is picked. */
	defaultOperation: string;
}

export type { IDataObject };
