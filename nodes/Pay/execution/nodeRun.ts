import type { ICredentialDataDecryptedObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { ledgerScope } from '../../shared/transport/onceLedger';
import { payApiRequest } from '../../shared/transport/request';
import { CREDENTIAL_NAME } from '../../shared/transport/requestTypes';
import type { TransportSettings } from '../../shared/transport/requestTypes';
import type { OperationEnvironment } from './operationEnvironment';

/** What one run of the Pay node hands its operations, and where the ledger remembers its requests. */
export interface NodeRun {
	environment: OperationEnvironment;
	/** Outside an execution (no id), nothing is remembered. */
	ledgerScope?: string;
}

/** Reads, once for the whole run, what every item needs: n8n would otherwise rebuild it per request. */
export function startRun(
	context: IExecuteFunctions,
	node: INode,
	settings: TransportSettings,
): NodeRun {
	// Read once: building n8n's data proxy for every request was a measurable cost.
	const runIndex = context.getWorkflowDataProxy(0).$runIndex as number;
	const executionId = context.getExecutionId();
	const scope = executionId
		? ledgerScope(context.getWorkflow().id ?? '', executionId, node.name, runIndex)
		: undefined;
	// Read once per execution, as most n8n nodes do: n8n fetches and decrypts them on every call.
	let credentials: Promise<ICredentialDataDecryptedObject> | undefined;
	const credentialsFor = async (itemIndex: number) =>
		await (credentials ??= context.getCredentials(CREDENTIAL_NAME, itemIndex));
	const environment: OperationEnvironment = {
		settings,
		executionCache: new Map(),
		runIndex,
		node,
		credentials: credentialsFor,
		request: async (request) =>
			await payApiRequest.call(
				context,
				{
					node,
					ledgerScope: scope,
					credentials: await credentialsFor(request.itemIndex ?? 0),
					...request,
				},
				settings,
			),
	};
	return { environment, ledgerScope: scope };
}
