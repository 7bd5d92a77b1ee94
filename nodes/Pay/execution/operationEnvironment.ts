import type { PayRequest } from '../../shared/transport/requestTypes';
import type { NodeRun } from './nodeRun';

/**
 * What an operation gets besides its item: the run (node, credential, settings, a cache for the
 * run) and the request function its item sends with (shared/transport/request.ts's itemRequests).
 */
export interface OperationEnvironment extends NodeRun {
	/** Sends a request with the node's transport settings (timeout, retries). */
	request(request: PayRequest): Promise<unknown>;
}
