import type { ICredentialDataDecryptedObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { ledgerScope } from '../../shared/transport/atMostOnce';
import { CREDENTIAL_NAME } from '../../shared/transport/requestTypes';
import type { ItemRun, TransportSettings } from '../../shared/transport/requestTypes';

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

/** Reads once for the whole run what every item needs: n8n would rebuild it for each request. */
export function startRun(
	context: IExecuteFunctions,
	node: INode,
	settings: TransportSettings,
): NodeRun {
	// Read once: building n8n's data proxy for every request was a measurable cost.
	const runIndex = context.getWorkflowDataProxy(0).$runIndex as number;
	const executionId = context.getExecutionId();
	// Read once per execution, as most n8n nodes do: n8n fetches and decrypts them on every call.
	let credentials: Promise<ICredentialDataDecryptedObject> | undefined;
	return {
		node,
		settings,
		runIndex,
		executionCache: new Map(),
		// Outside an execution (no id), nothing is remembered.
		ledgerScope: executionId
			? ledgerScope(context.getWorkflow().id ?? '', executionId, node.name, runIndex)
			: undefined,
		credentials: async (itemIndex) =>
			await (credentials ??= context.getCredentials(CREDENTIAL_NAME, itemIndex)),
	};
}
