import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';

import type { PayRequest, TransportSettings } from '../../shared/transport/requestTypes';

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
