import type { ItemRun, PayRequest } from '../../shared/transport';

/**
 * What an operation gets besides its item: the run (node, credential, settings, a cache for the
 * run) and the request function its item sends with (shared/transport/request/request.ts's
 * itemRequests).
 */
export interface OperationEnvironment extends NodeRun {
	/** Sends a request with the node's transport settings (timeout, retries). */
	request(request: PayRequest): Promise<unknown>;
}

/** What every item of one run of the Pay node shares, read once for the whole run. */
export interface NodeRun extends ItemRun {
	/** Which run of the node this is in the execution (a node in a loop runs several times). */
	runIndex: number;
	/**
	 * Values shared by the items of this run only (the service's public key, for one). It is
	 * created for each run of the node and dropped with it.
	 */
	executionCache: Map<string, Promise<unknown>>;
}
